// Base64 of embedded images, written by hand: no library on this platform encodes base64 with
// SIMD (Foundation's and libb64 go a byte at a time), and the gohike target encodes 120 MB of
// images twice per build (once to hash, once to write). The AVX2 path is the published
// technique of Wojciech Muła and Daniel Lemire ("Faster Base64 Encoding and Decoding Using
// AVX2 Instructions", ACM TWEB 2018): a byte shuffle puts each group of three bytes in a
// 32-bit lane, a multiply-high and a multiply-low move the four 6-bit values into bytes, and
// a 16-entry table of offsets turns values into characters.
#include "CBase64.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

static const char alphabet[64] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t gamepack_base64_length(size_t count, size_t quads_per_line) {
    size_t quads = (count + 2) / 3;
    if (quads_per_line == 0) return quads * 4;
    size_t lines = (quads + quads_per_line - 1) / quads_per_line;
    return quads * 4 + lines * 2;
}

/// Four characters for the three bytes at `source`.
static inline void encode_group(const uint8_t *source, uint8_t *target) {
    uint32_t value = (uint32_t)source[0] << 16 | (uint32_t)source[1] << 8 | source[2];
    target[0] = (uint8_t)alphabet[value >> 18];
    target[1] = (uint8_t)alphabet[value >> 12 & 0x3F];
    target[2] = (uint8_t)alphabet[value >> 6 & 0x3F];
    target[3] = (uint8_t)alphabet[value & 0x3F];
}

/// Four characters for the last one or two bytes, padded with `=`.
static inline void encode_last(const uint8_t *source, size_t rest, uint8_t *target) {
    uint32_t value = (uint32_t)source[0] << 16 | (rest == 2 ? (uint32_t)source[1] << 8 : 0);
    target[0] = (uint8_t)alphabet[value >> 18];
    target[1] = (uint8_t)alphabet[value >> 12 & 0x3F];
    target[2] = rest == 2 ? (uint8_t)alphabet[value >> 6 & 0x3F] : '=';
    target[3] = '=';
}

/// Encodes `count` bytes from `source` (any count; a short last group is padded), wrapped
/// every `quads_per_line` groups, starting `done` groups into the current line; writes the
/// final newline when wrapping. Returns the end of what was written.
static uint8_t *encode_portable(const uint8_t *source, size_t count, uint8_t *target, size_t quads_per_line,
                                size_t done) {
    size_t index = 0;
    size_t quads = done;
    while (index + 3 <= count) {
        encode_group(source + index, target);
        target += 4;
        index += 3;
        if (quads_per_line != 0 && ++quads == quads_per_line) {
            target[0] = '\\';
            target[1] = 'n';
            target += 2;
            quads = 0;
        }
    }
    size_t rest = count - index;
    if (rest > 0) {
        encode_last(source + index, rest, target);
        target += 4;
        quads += 1;
    }
    if (quads_per_line != 0 && quads > 0) {
        target[0] = '\\';
        target[1] = 'n';
        target += 2;
    }
    return target;
}

size_t gamepack_base64_encode_portable(const uint8_t *source, size_t count, uint8_t *target, size_t quads_per_line) {
    if (count == 0) return 0;
    return (size_t)(encode_portable(source, count, target, quads_per_line, 0) - target);
}

#if defined(__x86_64__)

/// 32 characters for the 24 bytes at `source`; reads 28 bytes (two 16-byte loads, 12 apart).
__attribute__((target("avx2"))) static inline void encode24_avx2(const uint8_t *source, uint8_t *target) {
    __m128i low = _mm_loadu_si128((const __m128i *)source);
    __m128i high = _mm_loadu_si128((const __m128i *)(source + 12));
    __m256i in = _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
    // Each lane: group i's bytes a, b, c become the 32-bit lane [b, a, c, b] (little-endian),
    // so the low 16 bits hold a:b and the high 16 bits b:c.
    in = _mm256_shuffle_epi8(in, _mm256_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10,
                                                  1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10));
    // First and third 6-bit values: masked, then shifted down by a multiply-high (by 2^6 and
    // 2^10, into bits 0-5 of each half); second and fourth: shifted up by a multiply-low (by
    // 2^4 and 2^8, into bits 8-13).
    __m256i first_third = _mm256_mulhi_epu16(_mm256_and_si256(in, _mm256_set1_epi32(0x0FC0FC00)),
                                             _mm256_set1_epi32(0x04000040));
    __m256i second_fourth = _mm256_mullo_epi16(_mm256_and_si256(in, _mm256_set1_epi32(0x003F03F0)),
                                               _mm256_set1_epi32(0x01000010));
    __m256i values = _mm256_or_si256(first_third, second_fourth);
    // Value -> character: 0-25 +65 ('A'), 26-51 +71 ('a'), 52-61 -4 ('0'), 62 -19 ('+'),
    // 63 -16 ('/'). The table index: 0 for 0-25, 1 for 26-51, 2-11 for 52-61, 12, 13.
    __m256i index = _mm256_subs_epu8(values, _mm256_set1_epi8(51));
    index = _mm256_sub_epi8(index, _mm256_cmpgt_epi8(values, _mm256_set1_epi8(25)));
    const __m256i offsets = _mm256_setr_epi8(65, 71, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -19, -16, 0, 0,
                                             65, 71, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -19, -16, 0, 0);
    __m256i characters = _mm256_add_epi8(values, _mm256_shuffle_epi8(offsets, index));
    _mm256_storeu_si256((__m256i *)target, characters);
}

/// The AVX2 path. Unwrapped: 24 bytes at a time while 28 can be read. Wrapped: a line at a
/// time (24-byte steps cover the line and may run past it; the characters past the line's end
/// are overwritten by its newline and the next line, so a line goes this way only while the
/// steps' reads stay inside `source` and the rest of the output covers what they spill).
__attribute__((target("avx2"))) static size_t encode_avx2(const uint8_t *source, size_t count, uint8_t *target,
                                                         size_t quads_per_line) {
    uint8_t *start = target;
    size_t index = 0;
    if (quads_per_line == 0) {
        while (index + 28 <= count) {
            encode24_avx2(source + index, target);
            index += 24;
            target += 32;
        }
    } else {
        size_t line_bytes = quads_per_line * 3;
        size_t steps = (line_bytes + 23) / 24;
        // Reads reach index + 24 * steps + 4; what is left after the line (at least that
        // much minus the line) makes at least 4/3 as many characters, more than the spill of
        // 32 * steps - 4 * quads_per_line - 2.
        while (index + 24 * steps + 4 <= count) {
            for (size_t step = 0; step < steps; step++) {
                encode24_avx2(source + index + 24 * step, target + 32 * step);
            }
            index += line_bytes;
            target += 4 * quads_per_line;
            target[0] = '\\';
            target[1] = 'n';
            target += 2;
        }
    }
    target = encode_portable(source + index, count - index, target, quads_per_line, 0);
    return (size_t)(target - start);
}

#endif

size_t gamepack_base64_encode(const uint8_t *source, size_t count, uint8_t *target, size_t quads_per_line) {
    if (count == 0) return 0;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) return encode_avx2(source, count, target, quads_per_line);
#endif
    return gamepack_base64_encode_portable(source, count, target, quads_per_line);
}

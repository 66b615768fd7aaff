#ifndef GAMEPACK_CBASE64_H
#define GAMEPACK_CBASE64_H

#include <stddef.h>
#include <stdint.h>

/// The number of characters `gamepack_base64_encode` writes for `count` bytes: four per group
/// of three (the last group padded with `=`), plus two (a backslash and `n`, a newline escaped
/// for a JSON string) after every `quads_per_line` groups and after a last, shorter line when
/// `quads_per_line` is not 0.
size_t gamepack_base64_length(size_t count, size_t quads_per_line);

/// Writes the base64 of `count` bytes at `source` to `target`, which must have room for
/// `gamepack_base64_length(count, quads_per_line)` bytes; returns that length. Uses AVX2 when
/// the processor has it, else a portable loop; both give the same characters.
size_t gamepack_base64_encode(const uint8_t *source, size_t count, uint8_t *target, size_t quads_per_line);

/// The same, always with the portable loop (for tests that compare the two).
size_t gamepack_base64_encode_portable(const uint8_t *source, size_t count, uint8_t *target, size_t quads_per_line);

/// Decodes the base64 of a JSON string's raw bytes (between the quotes, escapes not decoded)
/// to `target`, which must have room for `count / 4 * 3 + 3` bytes; returns the number of
/// bytes written. The characters are the standard alphabet, `\/` for `/`, with `\n`, `\r`
/// and `\t` escapes anywhere (line breaks), and either exactly enough `=` at the end to
/// complete the last group of four, or none; the unused low bits of a short last group are
/// ignored, as Foundation's decoder ignores them. Returns -1 for anything else (white
/// space, other escapes, `=` elsewhere, a lone character in the last group, no characters):
/// the caller decodes such text the slow way.
ptrdiff_t gamepack_base64_decode_json_string(const uint8_t *raw, size_t count, uint8_t *target);

#endif

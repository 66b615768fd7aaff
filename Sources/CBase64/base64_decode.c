// Decoding the base64 of an image as a content.json writes it: in a JSON string, wrapped with
// `\n` escapes (the old server wrapped at 60 characters; gamepack at 76), `/` maybe escaped as
// `\/`. One pass from the JSON string's raw bytes to the image's bytes, four characters at a
// time, instead of copying the characters out of the escapes and then decoding the copy.
#include "CBase64.h"

/// The 6-bit value of each base64 character; 255 (the high bit set) for every other byte.
static const uint8_t values[256] = {
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,  62, 255, 255, 255,  63,
     52,  53,  54,  55,  56,  57,  58,  59,  60,  61, 255, 255, 255, 255, 255, 255,
    255,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,  10,  11,  12,  13,  14,
     15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25, 255, 255, 255, 255, 255,
    255,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,
     41,  42,  43,  44,  45,  46,  47,  48,  49,  50,  51, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
};

ptrdiff_t gamepack_base64_decode_json_string(const uint8_t *raw, size_t count, uint8_t *target) {
    ptrdiff_t written = 0;
    size_t characters = 0;  // base64 characters read, `=` not counted
    size_t padding = 0;     // `=` read; nothing may follow them but escaped line breaks
    uint32_t group = 0;
    size_t index = 0;
    while (index < count) {
        // Whole groups of four characters at a time while no group is open: the lines between
        // escaped line breaks (60 or 76 characters) are read this way.
        if ((characters & 3) == 0 && padding == 0) {
            while (index + 4 <= count) {
                uint8_t a = values[raw[index]], b = values[raw[index + 1]], c = values[raw[index + 2]],
                        d = values[raw[index + 3]];
                if ((a | b | c | d) & 0x80) break;
                uint32_t value = (uint32_t)a << 18 | (uint32_t)b << 12 | (uint32_t)c << 6 | d;
                target[written] = (uint8_t)(value >> 16);
                target[written + 1] = (uint8_t)(value >> 8);
                target[written + 2] = (uint8_t)value;
                written += 3;
                characters += 4;
                index += 4;
            }
            if (index >= count) break;
        }
        // One byte: an escape, `=`, or a character of a group the loop above could not take.
        uint8_t byte = raw[index++];
        if (byte == '\\') {
            if (index >= count) return -1;
            uint8_t escape = raw[index++];
            if (escape == 'n' || escape == 'r' || escape == 't') continue;
            if (escape != '/') return -1;
            byte = '/';
        }
        if (byte == '=') {
            padding++;
            continue;
        }
        uint8_t value = values[byte];
        if ((value & 0x80) || padding != 0) return -1;
        group = group << 6 | value;
        if (++characters % 4 == 0) {
            target[written] = (uint8_t)(group >> 16);
            target[written + 1] = (uint8_t)(group >> 8);
            target[written + 2] = (uint8_t)group;
            written += 3;
            group = 0;
        }
    }
    size_t rest = characters % 4;
    // Padding, when there is any, completes the last group; without it the group may be short.
    if (characters == 0 || rest == 1 || (padding != 0 && (rest < 2 || rest + padding != 4))) return -1;
    if (rest == 2) {
        target[written++] = (uint8_t)(group >> 4);
    } else if (rest == 3) {
        target[written++] = (uint8_t)(group >> 10);
        target[written++] = (uint8_t)(group >> 2);
    }
    return written;
}

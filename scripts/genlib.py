"""Shared helpers for gamepack's example and template generators (Python 3 standard library only).

- PNG writing with zlib + struct (RGB or RGBA, 8 bits per channel), with a few flat shapes.
- Baseline JPEG writing (JFIF, 4:2:0, Huffman tables optimised per image), and photo-like
  scenes (sky, canal houses, water, trees, market awnings) to draw with it.
- WAV writing with the `wave` module (mono 16-bit sine tones).
- YAML scalar writing: JSON-style double-quoted strings (valid YAML), plain scalars when safe.

Everything here is deterministic: the same arguments give the same bytes.
"""

import json
import math
import os
import re
import struct
import wave
import zlib

# ---------------------------------------------------------------------------------------------
# PNG


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bytes(width, height, pixel, alpha=False):
    """A PNG of `width` x `height`; `pixel(x, y)` returns an (r, g, b) or (r, g, b, a) tuple."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter type None
        for x in range(width):
            p = pixel(x, y)
            rows.extend(p[:4] if alpha else p[:3])
    color_type = 6 if alpha else 2
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
            + _chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + _chunk(b"IEND", b""))


def hsv(h, s, v):
    """HSV (0..1 each) to an 8-bit RGB tuple."""
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return (round(r * 255), round(g * 255), round(b * 255))


SHAPES = ("circle", "square", "diamond", "triangle", "ring", "cross")


def inside(shape, x, y, size, scale=0.32):
    """Whether pixel (x, y) of a size x size image lies in `shape`, centred, radius scale*size."""
    c = (size - 1) / 2.0
    dx, dy = x - c, y - c
    r = size * scale
    if shape == "circle":
        return dx * dx + dy * dy <= r * r
    if shape == "square":
        return abs(dx) <= r * 0.85 and abs(dy) <= r * 0.85
    if shape == "diamond":
        return abs(dx) + abs(dy) <= r
    if shape == "triangle":
        # apex up; base at c + r/2, apex at c - r
        if dy < -r or dy > r * 0.6:
            return False
        half = (dy + r) / (1.6 * r) * r
        return abs(dx) <= half
    if shape == "ring":
        d = dx * dx + dy * dy
        return (r * 0.6) ** 2 <= d <= r * r
    if shape == "cross":
        w = r * 0.3
        return (abs(dx) <= w and abs(dy) <= r) or (abs(dy) <= w and abs(dx) <= r)
    raise ValueError(shape)


def flat_shape_png(size, background, shape, foreground=(255, 255, 255), scale=0.32, border=None):
    """A flat-coloured square PNG with one centred shape (and an optional 2-pixel border)."""
    def pixel(x, y):
        if border is not None and (x < 2 or y < 2 or x >= size - 2 or y >= size - 2):
            return border
        return foreground if inside(shape, x, y, size, scale) else background
    return png_bytes(size, size, pixel)


def badge_png(size, outer, inner, mark=(255, 255, 255)):
    """A round badge on a transparent background: outer ring, inner disc, a star-ish mark."""
    c = (size - 1) / 2.0

    def pixel(x, y):
        dx, dy = x - c, y - c
        d = math.hypot(dx, dy)
        if d > size * 0.47:
            return (0, 0, 0, 0)
        if d > size * 0.38:
            return outer + (255,)
        # a five-pointed star: radius varies with the angle
        a = math.atan2(dy, dx) + math.pi / 2
        k = (a / (2 * math.pi / 5)) % 1.0
        star_r = size * (0.12 + 0.14 * abs(1 - 2 * k))
        if d <= star_r:
            return mark + (255,)
        return inner + (255,)
    return png_bytes(size, size, pixel, alpha=True)


# ---------------------------------------------------------------------------------------------
# JPEG (baseline, written by hand: the standard library has no image codec)

_ZIGZAG = sorted(range(64), key=lambda i: (i // 8 + i % 8,
                                           (i // 8) if (i // 8 + i % 8) % 2 else (i % 8)))
# Example quantization tables of the JPEG standard (ITU T.81 Annex K.1), in row-major order.
_LUMA_Q = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
           14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
           18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
           49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
_CHROMA_Q = [17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
             24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99] + [99] * 32
_COS = [[(math.sqrt(0.5) if u == 0 else 1.0) * 0.5 * math.cos((2 * x + 1) * u * math.pi / 16)
         for x in range(8)] for u in range(8)]


def _scaled_table(table, quality):
    """The IJG quality scaling (1..100) of a quantization table."""
    scale = 5000 // quality if quality < 50 else 200 - 2 * quality
    return [min(255, max(1, (q * scale + 50) // 100)) for q in table]


def _fdct_quantize(block, qtable):
    """Forward 8x8 DCT of 64 level-shifted samples, quantized, in zigzag order."""
    rows = []
    for y in range(8):
        r = block[y * 8:y * 8 + 8]
        rows.append([sum(c[x] * r[x] for x in range(8)) for c in _COS])
    out = [0] * 64
    for v in range(8):
        cv = _COS[v]
        for u in range(8):
            value = sum(cv[y] * rows[y][u] for y in range(8))
            out[v * 8 + u] = int(round(value / qtable[v * 8 + u]))
    return [out[i] for i in _ZIGZAG]


def _category(value):
    """(size, bits) of a DC difference or AC coefficient: JPEG's magnitude category."""
    magnitude = abs(value)
    size = magnitude.bit_length()
    bits = value if value >= 0 else value + (1 << size) - 1
    return size, bits


def _optimal_table(frequencies):
    """BITS and HUFFVAL of an optimal Huffman table limited to 16 bits (T.81 Annex K.2)."""
    freq = list(frequencies) + [1]  # symbol 256 reserves the all-ones code
    codesize = [0] * 257
    others = [-1] * 257
    while True:
        c1 = c2 = -1
        for i in range(257):  # c1: smallest nonzero frequency (the largest index on ties)
            if freq[i] and (c1 < 0 or freq[i] <= freq[c1]):
                c1 = i
        for i in range(257):
            if freq[i] and i != c1 and (c2 < 0 or freq[i] <= freq[c2]):
                c2 = i
        if c2 < 0:
            break
        freq[c1] += freq[c2]
        freq[c2] = 0
        codesize[c1] += 1
        while others[c1] >= 0:
            c1 = others[c1]
            codesize[c1] += 1
        others[c1] = c2
        codesize[c2] += 1
        while others[c2] >= 0:
            c2 = others[c2]
            codesize[c2] += 1
    bits = [0] * 33
    for i in range(257):
        if codesize[i]:
            bits[codesize[i]] += 1
    for i in range(32, 16, -1):
        while bits[i] > 0:
            j = i - 2
            while bits[j] == 0:
                j -= 1
            bits[i] -= 2
            bits[i - 1] += 1
            bits[j + 1] += 2
            bits[j] -= 1
    i = 16
    while bits[i] == 0:
        i -= 1
    bits[i] -= 1  # drop the reserved code
    values = [s for size in range(1, 33) for s in range(256) if codesize[s] == size]
    return bits[1:17], values


def _codes(bits, values):
    """Canonical codes {symbol: (code, length)} for BITS and HUFFVAL."""
    codes, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            codes[values[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


def jpeg_bytes(width, height, pixel, quality=80, comment=None):
    """A baseline JFIF JPEG of `width` x `height` (YCbCr 4:2:0); `pixel(x, y)` returns (r, g, b).

    Huffman tables are optimised for the image, so the file is as small as baseline allows.
    """
    mcu_w, mcu_h = (width + 15) // 16, (height + 15) // 16
    pw, ph = mcu_w * 16, mcu_h * 16
    Y, Cb, Cr = [], [], []
    for y in range(ph):
        sy = min(y, height - 1)
        ry, rcb, rcr = [], [], []
        for x in range(pw):
            r, g, b = pixel(min(x, width - 1), sy)[:3]
            ry.append(0.299 * r + 0.587 * g + 0.114 * b - 128)
            rcb.append(-0.168736 * r - 0.331264 * g + 0.5 * b)
            rcr.append(0.5 * r - 0.418688 * g - 0.081312 * b)
        Y.append(ry)
        Cb.append(rcb)
        Cr.append(rcr)
    qy, qc = _scaled_table(_LUMA_Q, quality), _scaled_table(_CHROMA_Q, quality)

    def luma_block(bx, by):
        return [Y[by + j][bx + i] for j in range(8) for i in range(8)]

    def chroma_block(plane, bx, by):  # 2x2 average of the 16x16 area
        return [(plane[by + 2 * j][bx + 2 * i] + plane[by + 2 * j][bx + 2 * i + 1]
                 + plane[by + 2 * j + 1][bx + 2 * i] + plane[by + 2 * j + 1][bx + 2 * i + 1]) / 4
                for j in range(8) for i in range(8)]

    blocks = []  # (component 0..2, zigzag coefficients) in scan order
    for my in range(mcu_h):
        for mx in range(mcu_w):
            x0, y0 = mx * 16, my * 16
            for dy in (0, 8):
                for dx in (0, 8):
                    blocks.append((0, _fdct_quantize(luma_block(x0 + dx, y0 + dy), qy)))
            blocks.append((1, _fdct_quantize(chroma_block(Cb, x0, y0), qc)))
            blocks.append((2, _fdct_quantize(chroma_block(Cr, x0, y0), qc)))

    # Symbols per block (first pass counts them, second writes them).
    symbols = []  # (table: 0 luma / 1 chroma, dc?: bool, symbol, size, bits)
    previous = [0, 0, 0]
    for comp, coefficients in blocks:
        table = 0 if comp == 0 else 1
        size, bits = _category(coefficients[0] - previous[comp])
        previous[comp] = coefficients[0]
        symbols.append((table, True, size, size, bits))
        run = 0
        last = max((i for i in range(1, 64) if coefficients[i]), default=0)
        for i in range(1, last + 1):
            value = coefficients[i]
            if value == 0:
                run += 1
                continue
            while run > 15:
                symbols.append((table, False, 0xF0, 0, 0))
                run -= 16
            size, bits = _category(value)
            symbols.append((table, False, (run << 4) | size, size, bits))
            run = 0
        if last < 63:
            symbols.append((table, False, 0x00, 0, 0))
    tables = {}
    for key in [(0, True), (0, False), (1, True), (1, False)]:
        freq = [0] * 256
        for table, dc, symbol, _, _ in symbols:
            if (table, dc) == key:
                freq[symbol] += 1
        tables[key] = _optimal_table(freq)
    codes = {key: _codes(*value) for key, value in tables.items()}

    out, acc, nbits = bytearray(), 0, 0
    for table, dc, symbol, size, bits in symbols:
        code, length = codes[(table, dc)][symbol]
        for value, count in ((code, length), (bits, size)):
            acc = (acc << count) | (value & ((1 << count) - 1))
            nbits += count
            while nbits >= 8:
                nbits -= 8
                byte = (acc >> nbits) & 0xFF
                out.append(byte)
                if byte == 0xFF:
                    out.append(0)
        acc &= (1 << nbits) - 1
    if nbits:
        byte = ((acc << (8 - nbits)) | ((1 << (8 - nbits)) - 1)) & 0xFF
        out.append(byte)
        if byte == 0xFF:
            out.append(0)

    def segment(marker, payload):
        return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload

    data = b"\xff\xd8" + segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    if comment:
        data += segment(0xFE, comment.encode("utf-8"))
    data += segment(0xDB, b"\x00" + bytes(qy[i] for i in _ZIGZAG)
                    + b"\x01" + bytes(qc[i] for i in _ZIGZAG))
    data += segment(0xC0, struct.pack(">BHHB", 8, height, width, 3)
                    + b"\x01\x22\x00" + b"\x02\x11\x01" + b"\x03\x11\x01")
    for (table, dc), (bits, values) in tables.items():
        data += segment(0xC4, bytes([(0 if dc else 0x10) | table]) + bytes(bits) + bytes(values))
    data += segment(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00")
    return data + bytes(out) + b"\xff\xd9"


# ---------------------------------------------------------------------------------------------
# Photo-like scenes (deterministic pseudo-random texture, no real photograph)


def _hash(x, y, seed):
    h = (x * 374761393 + y * 668265263 + seed * 2147483647) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & 0xFFFF


def value_noise(x, y, scale, seed):
    """Smooth noise in 0..1: bilinear interpolation of a hashed lattice `scale` pixels apart."""
    gx, gy = x / scale, y / scale
    x0, y0 = int(gx), int(gy)
    fx, fy = gx - x0, gy - y0
    fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    a, b = _hash(x0, y0, seed), _hash(x0 + 1, y0, seed)
    c, d = _hash(x0, y0 + 1, seed), _hash(x0 + 1, y0 + 1, seed)
    top, bottom = a + (b - a) * fx, c + (d - c) * fx
    return (top + (bottom - top) * fy) / 65535.0


def _mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def photo_scene(width, height, kind, seed):
    """A pixel function for a photo-like street scene of Amsterdam.

    `kind` is one of "canal" (gabled houses over a canal), "park" (lawn, trees, a path),
    "market" (striped stall awnings along a street), "church" (a wooden church on a square) or
    "skyline" (a wide view: towers above trees and water). The same arguments draw the same
    picture.
    """
    horizon = int(height * (0.55 if kind in ("canal", "skyline") else 0.62))
    sky_top, sky_low = hsv(0.58 + (seed % 5) * 0.004, 0.45, 0.92), (226, 232, 238)
    gables = []  # (x0, x1, roof height, wall colour, window colour)
    x, i = 0, 0
    while x < width:
        w = 34 + _hash(i, 1, seed) % 38
        top = int(horizon * (0.22 + (_hash(i, 2, seed) % 100) / 400.0))
        colour = [(122, 58, 44), (92, 60, 48), (140, 90, 60), (60, 52, 50), (170, 150, 120)][
            _hash(i, 3, seed) % 5]
        gables.append((x, x + w, top, colour))
        x += w + 1
        i += 1

    def building(px, py):
        for x0, x1, top, colour in gables:
            if x0 <= px < x1:
                mid = (x0 + x1) / 2
                roof = top + abs(px - mid) * 0.9  # a pointed gable
                if py < roof:
                    return None
                wx, wy = (px - x0) % 12, (py - top) % 18
                if 3 <= wx <= 8 and 6 <= wy <= 14 and py > top + 10 and py < horizon - 6:
                    return (205, 215, 222) if (px + py) % 7 else (240, 238, 220)
                shade = 0.85 + 0.15 * value_noise(px, py, 3, seed)
                return tuple(c * shade for c in colour)
        return None

    def tree(px, py, base):
        n = value_noise(px, py, 9, seed + 7)
        crown = base - 0.18 * height * (0.6 + n)
        return py > crown and py < base and n > 0.35

    def pixel(px, py):
        grain = (_hash(px, py, seed + 3) % 17) - 8
        if py < horizon:
            t = py / max(1, horizon)
            colour = _mix(sky_top, sky_low, t)
            cloud = value_noise(px, py * 2, 40, seed + 1)
            if cloud > 0.62:
                colour = _mix(colour, (250, 250, 252), min(1.0, (cloud - 0.62) * 4))
            if kind in ("canal", "market"):
                b = building(px, py + int(horizon * 0.05))
                if b is not None:
                    colour = b
            elif kind == "church":
                cx = width / 2
                if abs(px - cx) < width * 0.22 and py > horizon * (0.35 + abs(px - cx) / width):
                    colour = (118, 84, 58) if (px // 6) % 2 else (104, 72, 50)
                if abs(px - cx) < 4 and py > horizon * 0.12:
                    colour = (70, 62, 60)
            elif kind == "skyline":
                col = px // 23
                tower = horizon * (0.25 + (_hash(col, 5, seed) % 100) / 250.0)
                if col % 3 == 0 and py > tower:
                    colour = (150, 165, 180) if (py // 5 + px // 5) % 2 else (120, 140, 160)
            in_front = kind == "church" and abs(px - width / 2) < width * 0.24
            if kind in ("park", "skyline", "church") and not in_front and tree(px, py, horizon + 4):
                colour = _mix((40, 92, 38), (86, 140, 60), value_noise(px, py, 4, seed + 9))
        else:
            t = (py - horizon) / max(1, height - horizon)
            if kind in ("canal", "skyline"):
                ripple = value_noise(px, py * 6, 18, seed + 4)
                colour = _mix((46, 70, 78), (90, 116, 120), ripple * 0.8 + t * 0.2)
                if kind == "canal":
                    mirrored = building(px, 2 * horizon - py + int(horizon * 0.05))
                    if mirrored is not None and ripple > 0.3:
                        colour = _mix(colour, mirrored, 0.45)
            elif kind == "market":
                if t < 0.25:  # awnings
                    stripe = (px // 14) % 2
                    colour = [(196, 40, 48), (236, 232, 222)][stripe] if (px // 90) % 2 else \
                        [(32, 96, 160), (236, 232, 222)][stripe]
                else:
                    colour = _mix((120, 116, 110), (86, 82, 78), t)
                    if value_noise(px, py, 5, seed + 6) > 0.7:
                        colour = hsv(((px // 30) % 6) / 6.0, 0.6, 0.8)
            else:  # park and church: grass or cobbles, with a path
                path = abs(px - width / 2 - (py - horizon) * 0.6) < 8 + t * 40
                if kind == "church":
                    colour = _mix((150, 140, 128), (110, 100, 92), value_noise(px, py, 3, seed + 8))
                elif path:
                    colour = (176, 160, 130)
                else:
                    colour = _mix((70, 130, 50), (110, 160, 70), value_noise(px, py, 6, seed + 2))
        return tuple(max(0, min(255, int(c + grain))) for c in colour)

    return pixel


# ---------------------------------------------------------------------------------------------
# WAV


def sine_wav(path, freq, seconds=0.2, rate=8000, amplitude=0.5):
    """Write a mono 16-bit sine tone with 10 ms fade in/out (no clicks)."""
    n = int(round(seconds * rate))
    fade = max(1, int(rate * 0.01))
    frames = bytearray()
    for i in range(n):
        env = min(1.0, i / fade, (n - 1 - i) / fade)
        v = int(round(32767 * amplitude * env * math.sin(2 * math.pi * freq * i / rate)))
        frames += struct.pack("<h", v)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))


# ---------------------------------------------------------------------------------------------
# YAML scalars

_EXTRA_ESCAPES = {0x7F, 0x85, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF}


def q(s):
    """A YAML double-quoted scalar for `s`, written JSON-style (so it is valid JSON too).

    `"` and `\\` are escaped, control characters (including \\r and \\n) become escapes, any
    other non-ASCII character stays as UTF-8. Characters YAML treats as line breaks or as not
    printable (DEL, C1 controls, U+2028, U+2029, BOM, U+FFFE/F) are written as \\uXXXX.
    """
    out = json.dumps(s, ensure_ascii=False)
    if any(ord(ch) in _EXTRA_ESCAPES or 0x80 <= ord(ch) <= 0x9F for ch in out):
        out = "".join("\\u%04x" % ord(ch) if (ord(ch) in _EXTRA_ESCAPES or 0x80 <= ord(ch) <= 0x9F)
                      else ch for ch in out)
    return out


_PLAIN_OK = re.compile(r"[A-Za-z][A-Za-z0-9 ,.?!/'()&+_-]*")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def scalar(s):
    """`s` as a plain YAML scalar when that is unambiguous, else double-quoted."""
    if (_PLAIN_OK.fullmatch(s) and s == s.strip() and ": " not in s and " #" not in s
            and s.lower() not in _RESERVED):
        return s
    return q(s)


def localized(key, texts, indent=""):
    """Lines for a localized field: `key:` then one `locale: "text"` line per locale.

    `texts` is a list of (locale, text) pairs; empty texts are left out; returns [] when all
    are empty (the field is then omitted).
    """
    kept = [(loc, t) for loc, t in texts if t != ""]
    if not kept:
        return []
    return [f"{indent}{key}:"] + [f"{indent}  {loc}: {q(t)}" for loc, t in kept]


# ---------------------------------------------------------------------------------------------
# Files


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")

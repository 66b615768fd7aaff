"""Shared helpers for gamepack's example and template generators (Python 3 standard library only).

- PNG writing with zlib + struct (RGB or RGBA, 8 bits per channel), with a few flat shapes.
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

#!/usr/bin/env python3
"""Make a changed copy of a project written by generate.py, and list the changes made.

    python3 benchmarks/mutate.py SRC DST [--items 0.05] [--images 0.02] [--seed 1]
                                         [--expected FILE] [--reformat] [--force]

Copies SRC to DST, then changes a deterministic choice of --items (fraction) of the items and
--images (fraction) of the image files, one change per item, each of a kind whose diff class is
known, and writes the changes `gamepack diff --format json` must report to --expected as
`[{"collection", "id", "change", "class", "fields"}]`, sorted by collection and id:

- locations: English name changed (content, name.en), moved ~110 m (content, position), Dutch
  description changed (translation, description.nl), a double space in the English
  description (cosmetic, description.en), removed with its waypoints (breaking; the routes that
  walked it change their waypoints, breaking)
- routes: two waypoints swapped (breaking, waypoints), Dutch name changed (translation, name.nl)
- phrases: English text changed (content, text.en), removed (content), added (content)
- deals: store text changed (content, details.text), removed (content)
- vcs: firm changed (content, firm); profiles, rewards: Dutch description (translation)
- images: bytes replaced in place, half at the same size, half larger with other dimensions
  (asset, the referring field)

The result stays lint-clean, so it builds into a pack. With --reformat nothing changes in
meaning: files are renamed and merged into lists, keys reordered, block maps written as flow
maps and the other way round, scalars quoted differently; --expected then gets `[]`.
Python 3 standard library only, except --reformat (PyYAML).
"""

import argparse
import json
import os
import random
import re
import shutil
import struct
import sys
import zlib

CHANGE = {  # kind -> (class, fields)
    "loc-name": ("content", ["name.en"]),
    "loc-move": ("content", ["position"]),
    "loc-nl": ("translation", ["description.nl"]),
    "loc-space": ("cosmetic", ["description.en"]),
    "route-swap": ("breaking", ["waypoints"]),
    "route-nl": ("translation", ["name.nl"]),
    "phrase-text": ("content", ["text.en"]),
    "deal-text": ("content", ["details.text"]),
    "vc-firm": ("content", ["firm"]),
    "desc-nl": ("translation", ["description.nl"]),
}
KINDS = {
    "locations": ["loc-name", "loc-move", "loc-nl", "loc-space", "loc-remove"],
    "routes": ["route-swap", "route-nl"],
    "phrases": ["phrase-text", "phrase-remove", "phrase-add"],
    "deals": ["deal-text", "deal-remove"],
    "vcs": ["vc-firm"],
    "profiles": ["desc-nl"],
    "rewards": ["desc-nl"],
}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def write(path, lines):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines))


def locale_line(lines, field, locale):
    """Index of the `  locale: "..."` line under `field:`."""
    start = lines.index(f"{field}:")
    for i in range(start + 1, len(lines)):
        if lines[i].startswith(f"  {locale}: "):
            return i
        if not lines[i].startswith("  "):
            break
    raise ValueError(f"no {field}.{locale}")


def append_to_quoted(line, extra):
    assert line.endswith('"'), line
    return line[:-1] + extra + '"'


def waypoints(lines):
    for i, line in enumerate(lines):
        if line.startswith("waypoints: ["):
            return i, [int(x) for x in line[len("waypoints: ["):-1].split(", ") if x]
    return None, []


def replace_image(path, rng, same_size):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\x89PNG"):
        width, height = struct.unpack(">II", data[16:24])
        if not same_size:
            width, height, data = width + 16, height + 12, data + b"\0" * 4096
        body = rng.randbytes(len(data) - 33 - 12 - 12)
        ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
        chunk = lambda kind, payload: (struct.pack(">I", len(payload)) + kind + payload
                                       + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))
        out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    else:  # JPEG from generate.py: header up to SOS, filler without 0xFF, EOI
        sos = data.index(b"\xff\xda")
        head = bytearray(data[:sos + 14])
        sof = data.index(b"\xff\xc0")
        if not same_size:
            h, w = struct.unpack(">HH", head[sof + 5:sof + 9])
            head[sof + 5:sof + 9] = struct.pack(">HH", h + 12, w + 16)
        n = len(data) - len(head) - 2 + (0 if same_size else 4096)
        out = bytes(head) + rng.randbytes(n).replace(b"\xff", b"\xfe") + b"\xff\xd9"
    with open(path, "wb") as f:
        f.write(out)


def mutate(dst, item_fraction, image_fraction, seed):
    rng = random.Random(f"gamepack-mutate:{seed}")
    content = os.path.join(dst, "content")
    ids = {c: sorted(int(n[:-5]) for n in os.listdir(os.path.join(content, c)) if n.endswith(".yaml"))
           for c in KINDS if os.path.isdir(os.path.join(content, c))}
    path = lambda c, i: os.path.join(content, c, f"{i}.yaml")

    # which item refers to which image, and which routes walk which location
    image_of = {}  # asset path -> (collection, id, field)
    walkers = {}  # location id -> [route ids]
    for c, numbers in ids.items():
        for i in numbers:
            for line in read(path(c, i)):
                m = re.match(r"^(image|icon|game_image|profile_image): (\S+)$", line)
                if m:
                    image_of[m.group(2)] = (c, i, m.group(1))
            if c == "routes":
                for loc in waypoints(read(path(c, i)))[1]:
                    walkers.setdefault(loc, []).append(i)

    expected = {}
    touched = set()
    total = sum(len(v) for v in ids.values())

    # images first: their items are not otherwise changed
    images = sorted(image_of)
    for n, asset in enumerate(rng.sample(images, round(len(images) * image_fraction))):
        c, i, field = image_of[asset]
        replace_image(os.path.join(dst, "assets", asset), rng, same_size=n % 2 == 0)
        touched.add((c, i))
        entry = expected.setdefault((c, i), {"change": "modified", "class": "asset", "fields": []})
        entry["fields"].append(field)
        entry["fields"].sort(key=["image", "icon", "game_image", "profile_image"].index)

    target = round(total * item_fraction)
    pool = [(c, i) for c, numbers in ids.items() for i in numbers]
    rng.shuffle(pool)
    made = 0
    next_phrase = max(ids.get("phrases", [0])) + 1
    for c, i in pool:
        if made >= target:
            break
        if (c, i) in touched:
            continue
        kind = rng.choice(KINDS[c])
        lines = read(path(c, i))
        if kind == "loc-remove":
            routes = walkers.get(i, [])
            if any(("routes", r) in touched for r in routes):
                continue
            os.remove(path(c, i))
            expected[(c, i)] = {"change": "removed", "class": "breaking", "fields": []}
            for r in routes:
                route_lines = read(path("routes", r))
                at, stops = waypoints(route_lines)
                route_lines[at] = "waypoints: [" + ", ".join(str(s) for s in stops if s != i) + "]"
                write(path("routes", r), route_lines)
                expected[("routes", r)] = {"change": "modified", "class": "breaking", "fields": ["waypoints"]}
                touched.add(("routes", r))
            touched.add((c, i))
            made += 1
            continue
        if kind in ("phrase-remove", "deal-remove"):
            os.remove(path(c, i))
            expected[(c, i)] = {"change": "removed", "class": "content", "fields": []}
        elif kind == "phrase-add":
            new = next_phrase
            next_phrase += 1
            write(path(c, new), [f"id: {new}", "text:", f'  en: "New phrase {new}!"', f'  nl: "Nieuwe zin {new}!"', ""])
            expected[(c, new)] = {"change": "added", "class": "content", "fields": []}
            touched.add((c, new))
        else:
            if kind == "loc-name":
                at = locale_line(lines, "name", "en")
                lines[at] = append_to_quoted(lines[at], " Revisited")
            elif kind == "loc-move":
                at = next(k for k, l in enumerate(lines) if l.startswith("position: "))
                m = re.match(r"position: \{latitude: ([-\d.]+), longitude: ([-\d.]+)\}", lines[at])
                lines[at] = f"position: {{latitude: {float(m.group(1)) + 0.001:.6f}, longitude: {m.group(2)}}}"
            elif kind in ("loc-nl", "desc-nl"):
                at = locale_line(lines, "description", "nl")
                lines[at] = append_to_quoted(lines[at], " Bijgewerkt in deze versie.")
            elif kind == "loc-space":
                at = locale_line(lines, "description", "en")
                quote = lines[at].index('"')
                space = lines[at].index(" ", quote)
                lines[at] = lines[at][:space] + " " + lines[at][space:]
            elif kind == "route-swap":
                at, stops = waypoints(lines)
                stops[0], stops[1] = stops[1], stops[0]
                lines[at] = "waypoints: [" + ", ".join(map(str, stops)) + "]"
            elif kind == "route-nl":
                at = locale_line(lines, "name", "nl")
                lines[at] = append_to_quoted(lines[at], " Nieuw")
            elif kind == "phrase-text":
                at = locale_line(lines, "text", "en")
                lines[at] = append_to_quoted(lines[at], " Now.")
            elif kind == "deal-text":
                at = next(k for k, l in enumerate(lines) if l.startswith("  text: "))
                lines[at] = append_to_quoted(lines[at], " Now also open on Sundays.")
            elif kind == "vc-firm":
                at = next(k for k, l in enumerate(lines) if l.startswith("firm: "))
                lines[at] = append_to_quoted(lines[at], " Labs")
            write(path(c, i), lines)
            cls, fields = CHANGE[kind]
            expected[(c, i)] = {"change": "modified", "class": cls, "fields": fields}
        touched.add((c, i))
        made += 1
    return [dict(collection=c, id=str(i), **v) for (c, i), v in sorted(expected.items())]


def reformat(dst, seed):
    """Same meaning, other files and style: merge pairs of items into list files with new
    names, reverse key order, flow maps as blocks and blocks as flow maps."""
    import yaml

    rng = random.Random(f"gamepack-reformat:{seed}")
    content = os.path.join(dst, "content")
    for c in sorted(os.listdir(content)):
        folder = os.path.join(content, c)
        names = sorted(os.listdir(folder))
        rng.shuffle(names)
        items = []
        for name in names:
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                items.append(yaml.load(f, Loader=yaml.BaseLoader))  # every scalar as written
            os.remove(os.path.join(folder, name))
        for k in range(0, len(items), 2):
            group = [dict(reversed(list(item.items()))) for item in items[k:k + 2]]
            text = yaml.dump(group, allow_unicode=True, default_flow_style=(k // 2) % 2 == 1, sort_keys=False,
                             width=70)
            # BaseLoader keeps numbers as strings: unquote what was a plain scalar
            text = re.sub(r"'(-?\d+(\.\d+)?|true|false|\d{4}-\d\d-\d\d)'", r"\1", text)
            sub = os.path.join(folder, "batch" if k % 4 else "")
            os.makedirs(sub, exist_ok=True)
            with open(os.path.join(sub, f"part-{k // 2:05d}.yml"), "w", encoding="utf-8") as f:
                f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--items", type=float, default=0.05)
    ap.add_argument("--images", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--expected")
    ap.add_argument("--reformat", action="store_true")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    if os.path.exists(args.dst):
        if not args.force:
            sys.exit(f"mutate.py: {args.dst} exists (use --force to replace it)")
        shutil.rmtree(args.dst)
    shutil.copytree(args.src, args.dst, ignore=shutil.ignore_patterns(".gamepack", "build"))
    if args.reformat:
        reformat(args.dst, args.seed)
        expected = []
    else:
        expected = mutate(args.dst, args.items, args.images, args.seed)
    if args.expected:
        with open(args.expected, "w", encoding="utf-8") as f:
            json.dump(expected, f, indent=1)
    classes = {}
    for e in expected:
        classes[e["class"]] = classes.get(e["class"], 0) + 1
    print(f"{args.dst}: {len(expected)} items changed {dict(sorted(classes.items()))}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate a large, deterministic gamepack project for benchmarks.

    python3 benchmarks/generate.py OUT_DIR [--items 20000] [--images 2000]
                                           [--image-bytes 200000] [--seed 1] [--force]

The project has locales [en, nl] and uses only the built-in content types, one file per item:
profiles, rewards, routes, locations, phrases, vcs and deals, in the proportions of the default
20,000 items (20 / 400 / 2,000 / 8,000 / 3,000 / 580 / 6,000), scaled so that they add up to
exactly --items. It is meant to be lint-clean:

- every reference points at an existing item; every profile and reward is used by a route;
- a route has 3-8 waypoints taken from one cluster of locations (all within 1.4 km of each other);
- English and Dutch texts differ; names are 10-40 characters, descriptions 100-600;
- exactly --images image files under assets/ (30% PNG, 70% JPEG), each referenced by exactly one
  item through a field that allows its format (rewards take PNG only; every VC needs two images),
  each about --image-bytes bytes (+-10%) and unique. The images are not decodable pictures: they
  have real headers (PNG signature, IHDR with width and height, IDAT of pseudo-random bytes,
  IEND, correct CRCs; JPEG SOI, APP0 JFIF, COM, SOF0 with width and height, SOS, entropy-coded
  filler without 0xFF bytes, EOI), enough for a prober that reads headers.

The same arguments always give the same bytes. Python 3 standard library only.
"""

import argparse
import json
import math
import os
import random
import shutil
import struct
import sys
import time
import zlib

CENTER = (52.3676, 4.9041)  # Amsterdam, Dam square
BASE = [  # collection -> count at the default 20,000 items
    ("profiles", 20), ("rewards", 400), ("routes", 2000), ("locations", 8000),
    ("phrases", 3000), ("vcs", 580), ("deals", 6000),
]
BASE_TOTAL = sum(n for _, n in BASE)
SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 960), (1600, 1200),
         (480, 640), (600, 800), (768, 1024), (1280, 720), (1200, 1200)]
CLUSTER_RADIUS_M = 700  # locations of one cluster lie within 1.4 km of each other

# ---------------------------------------------------------------------------------------------
# Words

EN_WORDS = """the canal bridge old house garden church market square tower water bicycle street
narrow gabled merchant warehouse courtyard museum painting harbour ship trade century city walk
quiet green park tree bench view window brick roof bell clock stone path corner shop cafe
light evening morning visitors history famous built restored rebuilt small large beautiful
famous along behind across near between facade statue fountain terrace boat lock dike
neighbourhood residents artists workshop library theatre music festival bakery cheese flower
tulip herring ferry station tram crossing wooden iron golden carved ornate hidden original
monument poet painter family guild chapel organ garden hall gallery passage alley""".split()

NL_WORDS = """de het een gracht brug oud huis tuin kerk markt plein toren water fiets straat smal
gevel koopman pakhuis binnenplaats museum schilderij haven schip handel eeuw stad wandeling
rustig groen park boom bank uitzicht raam baksteen dak klok steen pad hoek winkel café licht
avond ochtend bezoekers geschiedenis beroemd gebouwd gerestaureerd herbouwd klein groot mooi
langs achter over bij tussen standbeeld fontein terras boot sluis dijk buurt bewoners
kunstenaars werkplaats bibliotheek theater muziek feest bakkerij kaas bloem tulp haring pont
tram kruising houten ijzeren gouden gesneden sierlijk verborgen oorspronkelijk monument
dichter schilder familie gilde kapel orgel zaal galerie doorgang steeg""".split()

EN_ADJ = ["Old", "Quiet", "Hidden", "Green", "Golden", "Narrow", "Royal", "Little", "Grand",
          "Northern", "Southern", "Eastern", "Western", "Sunny", "Secret", "Historic"]
NL_ADJ = ["Oude", "Stille", "Verborgen", "Groene", "Gouden", "Smalle", "Koninklijke", "Kleine",
          "Grote", "Noordelijke", "Zuidelijke", "Oostelijke", "Westelijke", "Zonnige", "Geheime",
          "Historische"]
EN_PLACE = ["Courtyard", "Bridge", "Canal House", "Market", "Church", "Warehouse", "Garden",
            "Lock", "Windmill", "Square", "Almshouse", "Harbour", "Passage", "Theatre", "Tower"]
NL_PLACE = ["Binnenplaats", "Brug", "Grachtenhuis", "Markt", "Kerk", "Pakhuis", "Tuin", "Sluis",
            "Molen", "Plein", "Hofje", "Haven", "Doorgang", "Schouwburg", "Toren"]
EN_THEME = ["Canal", "Harbour", "Market", "Museum", "Garden", "Bridge", "Church", "Park",
            "Windmill", "Street Art", "Jordaan", "Old Town", "Riverside", "Food"]
NL_THEME = ["Grachten", "Haven", "Markt", "Museum", "Tuinen", "Bruggen", "Kerken", "Park",
            "Molen", "Straatkunst", "Jordaan", "Binnenstad", "Rivier", "Eet"]
EN_AUDIENCE = ["Art Lovers", "Families", "Early Birds", "Night Owls", "History Buffs",
               "Foodies", "Cyclists", "Students", "Photographers", "Architecture Fans"]
NL_AUDIENCE = ["Kunstliefhebbers", "Gezinnen", "Vroege Vogels", "Nachtuilen",
               "Geschiedenisfans", "Lekkerbekken", "Fietsers", "Studenten", "Fotografen",
               "Architectuurfans"]
EN_OPENER = ["Have you thought about", "Focus on", "Work on", "Tell me about", "What about",
             "Double down on", "Don't forget", "Show me", "Think harder about", "Let's talk about"]
PUNCT = ["?", "!", "!", ".", "?", "!", "!", "!", "!", "."]  # per opener, in both languages
NL_OPENER = ["Heb je nagedacht over", "Focus op", "Werk aan", "Vertel me over", "Hoe zit het met",
             "Zet vol in op", "Vergeet niet:", "Laat me zien:", "Denk beter na over",
             "Laten we praten over"]
EN_OBJECT = ["product market fit", "your traction", "a pivot", "social proof", "recurring revenue",
             "your burn rate", "a bigger market", "your churn", "unit economics", "the MVP",
             "more sales calls", "a better valuation", "growth hacking", "your sales funnel",
             "the network effect", "an accelerator", "a lean canvas", "customer interviews"]
NL_OBJECT = ["product-marktfit", "je tractie", "een pivot", "sociaal bewijs", "terugkerende omzet",
             "je burn rate", "een grotere markt", "je klantverloop", "unit economics", "het MVP",
             "meer verkoopgesprekken", "een betere waardering", "growth hacking",
             "je verkooptrechter", "het netwerkeffect", "een accelerator", "een lean canvas",
             "klantinterviews"]
FIRST = ["Anna", "Bram", "Chris", "Daan", "Emma", "Femke", "Gijs", "Hanna", "Isa", "Jeroen",
         "Kim", "Lars", "Maud", "Noah", "Olivia", "Pieter", "Quinten", "Roos", "Sem", "Tess",
         "Umar", "Vera", "Willem", "Yara", "Zoë", "David", "Sarah", "Michael", "Laura", "James"]
LAST = ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder",
        "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Dijk", "Dekker", "Brouwer",
        "Walker", "Chen", "Novak", "Okafor", "García", "Schmidt", "Rossi", "Kowalski"]
FIRM_A = ["North", "Canal", "Harbor", "Summit", "Beacon", "Atlas", "Orbit", "Granite", "Tulip",
          "Meridian", "Lantern", "Pioneer", "Anchor", "Compass", "Delta", "Polder"]
FIRM_B = ["Ventures", "Capital", "Partners", "Ventures II", "Growth", "Seed Fund", "Equity",
          "Investments"]
STREETS = ["Prinsengracht", "Keizersgracht", "Herengracht", "Singel", "Damrak", "Rokin",
           "Kalverstraat", "Utrechtsestraat", "Ferdinand Bolstraat", "Javastraat", "Westerstraat",
           "Haarlemmerdijk", "Overtoom", "Van Woustraat", "Czaar Peterstraat", "Elandsgracht",
           "Albert Cuypstraat", "Kinkerstraat", "Dapperstraat", "Jan Pieter Heijestraat"]
SHOPS = [  # kind of shop, deal category, what it sells
    ("Bakkerij", "food", ["croissants", "apple pie", "sourdough bread", "stroopwafels"]),
    ("Kaashuis", "food", ["aged Gouda", "goat cheese", "cheese platters"]),
    ("Koffiebar", "drinks", ["flat whites", "cappuccinos", "iced coffee"]),
    ("Proeflokaal", "drinks", ["craft beer", "jenever tastings", "house wine"]),
    ("Atelier", "fashion", ["winter coats", "linen shirts", "leather bags"]),
    ("Brillenhuis", "fashion", ["sunglasses", "reading glasses"]),
    ("Reparatiecentrum", "electronics", ["phone repair", "laptop batteries", "screen protectors"]),
    ("Geluidshuis", "electronics", ["headphones", "speakers", "turntables"]),
    ("Speelgoedwinkel", "leisure", ["board games", "puzzles", "kites"]),
    ("Platenzaak", "leisure", ["vinyl records", "concert tickets"]),
    ("Fietsmakerij", "services", ["bike service", "new tyres", "bike rental"]),
    ("Kapsalon", "services", ["haircuts", "beard trims"]),
    ("Bloemenwinkel", "other", ["tulip bouquets", "houseplants", "flower bulbs"]),
]
SHOP_NAMES = ["De Gouden Korrel", "Het Anker", "De Zwaan", "Noord", "Oost", "De Pijp", "Jordaan",
              "De Tulp", "Het Kompas", "De Molen", "Centraal", "De Hoek", "Het Plein", "De Brug"]
DEAL_OFFER = ["2 for 1:", "20% off", "Half price:", "Free extra", "€5 off", "Buy one, get one:",
              "Early bird:", "Student deal:", "Lunch deal:", "Weekend special:"]


def q(s):
    """A JSON-style double-quoted string: valid YAML, UTF-8 kept, `"` `\\` and controls escaped."""
    return json.dumps(s, ensure_ascii=False)


def fit(s, lo, hi, pad):
    """Clip `s` to at most `hi` characters (at a word boundary) and pad it to at least `lo`."""
    while len(s) < lo:
        s = f"{s} {pad}"
    if len(s) > hi:
        s = s[:hi].rsplit(" ", 1)[0]
    return s


def prose(rng, words, lo, hi):
    """Sentences of `words`, 100-600 characters in total (between `lo` and `hi`)."""
    target = rng.randint(lo, hi)
    out = []
    length = -1  # length of " ".join(out)
    while length < target:
        n = rng.randint(6, 14)
        sentence = " ".join(rng.choice(words) for _ in range(n))
        sentence = sentence[0].upper() + sentence[1:] + "."
        out.append(sentence)
        length += len(sentence) + 1
    text = " ".join(out)
    if len(text) > hi:
        text = text[:hi - 1].rsplit(" ", 1)[0] + "."
    return text


def point_near(rng, center, radius_m):
    """A uniformly random point within radius_m metres of center, 6 decimals."""
    r = radius_m * math.sqrt(rng.random())
    a = rng.random() * 2 * math.pi
    dlat = r * math.cos(a) / 111_320
    dlon = r * math.sin(a) / (111_320 * math.cos(math.radians(center[0])))
    return (round(center[0] + dlat, 6), round(center[1] + dlon, 6))


def geo(p):
    return f"{{latitude: {p[0]:.6f}, longitude: {p[1]:.6f}}}"


# ---------------------------------------------------------------------------------------------
# Images


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def fake_png(rng, index, width, height, size):
    head = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    tail = _chunk(b"IEND", b"")
    n = max(4, size - len(head) - len(tail) - 12)
    data = struct.pack(">I", index) + rng.randbytes(n - 4)
    return head + _chunk(b"IDAT", data) + tail


_NO_FF = bytes(range(255)) + b"\xfe"  # translate table: 0xFF -> 0xFE (no markers in the scan)


def fake_jpeg(rng, index, width, height, size, seed):
    def seg(marker, payload):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
    head = (b"\xff\xd8"
            + seg(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
            + seg(0xFE, f"gamepack benchmark image {index} seed {seed}".encode())
            + seg(0xC0, struct.pack(">BHHB", 8, height, width, 3)
                  + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01")
            + seg(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"))
    n = max(1, size - len(head) - 2)
    return head + rng.randbytes(n).translate(_NO_FF) + b"\xff\xd9"


# ---------------------------------------------------------------------------------------------
# Plan


GOHIKE = ("profiles", "rewards", "routes", "locations")


def allocate(items, images, gohike=False, only=None):
    """Items per collection, adding up to exactly `items` (only the Go Take a Hike! collections
    when `gohike`; all in one collection with `only`)."""
    if only:
        return {name: items if name == only else 0 for name, _ in BASE}
    base = [(name, n if not gohike or name in GOHIKE else 0) for name, n in BASE]
    total = sum(n for _, n in base)
    filler = "locations" if gohike else "deals"
    raw = [(name, items * n / total) for name, n in base]
    counts = {name: int(x) for name, x in raw}
    rest = items - sum(counts.values())
    for name, x in sorted(raw, key=lambda t: (-(t[1] - int(t[1])), t[0]))[:rest]:
        counts[name] += 1
    # a route needs a profile and a cluster of at least 8 locations
    for name, need in (("profiles", 1), ("locations", 8)):
        if counts["routes"] and counts[name] < need:
            counts[filler] -= need - counts[name]
            counts[name] = need
    # every VC has two required images: no more VCs than the images allow
    max_vcs = images // 2
    if counts["vcs"] > max_vcs:
        counts[filler] += counts["vcs"] - max_vcs
        counts["vcs"] = max_vcs
    assert sum(counts.values()) == items and min(counts.values()) >= 0, counts
    return counts


def plan_images(rng, counts, images, png_share=0.3):
    """[(collection, item id, field, format)], one per image; each slot used once."""
    n_png = round(images * png_share)
    n_jpeg = images - n_png
    vc_slots = [("vcs", i, f) for i in range(1, counts["vcs"] + 1)
                for f in ("game_image", "profile_image")]
    n_reward = min(counts["rewards"], n_png, images - len(vc_slots))
    reward_slots = [("rewards", i, "image") for i in range(1, n_reward + 1)]
    left = images - len(vc_slots) - n_reward
    optional = ([("profiles", i, "image") for i in range(1, counts["profiles"] + 1)]
                + [("routes", i, "image") for i in range(1, counts["routes"] + 1)]
                + [("locations", i, "image") for i in range(1, counts["locations"] + 1)])
    if left > len(optional):
        sys.exit(f"generate.py: {images} images do not fit in {counts}: at most "
                 f"{len(vc_slots) + n_reward + len(optional)} image fields")
    # profiles first (few of them), then a random choice of routes and locations
    n_prof = min(left, counts["profiles"])
    chosen = optional[:n_prof] + sorted(rng.sample(optional[counts["profiles"]:], left - n_prof),
                                        key=lambda s: (s[0] != "routes", s[1]))
    formats = ["png"] * (n_png - n_reward) + ["jpeg"] * n_jpeg
    rng.shuffle(formats)
    plan = [(c, i, f, "png") for c, i, f in reward_slots]
    plan += [(c, i, f, fmt) for (c, i, f), fmt in zip(vc_slots + chosen, formats)]
    assert len(plan) == images
    return plan


def write_collections(args, rng, desc_lo, desc_hi, started):
    """A project of `args.collections` project-defined types (schema/c<k>.yaml), the items
    spread evenly over them; each item has a localized name and text, a rank, a kind from an
    enum, and, after the first collection, a reference into the collection before it."""
    out, k = args.out_dir, args.collections
    per = [args.items // k + (1 if c < args.items % k else 0) for c in range(k)]
    if min(per) < 1:
        sys.exit("generate.py: --collections must not exceed --items")
    os.makedirs(os.path.join(out, "schema"), exist_ok=True)
    for c in range(1, k + 1):
        fields = ["fields:",
                  "  name: {type: localized, required: true, max_length: 80}",
                  "  text: {type: localized, max_length: 2000}",
                  "  rank: {type: int, min: 0, max: 1000}",
                  "  kind: {type: enum, values: [walk, tip, fact, story]}"]
        if c > 1:
            fields.append(f"  related: {{type: reference, to: c{c - 1}}}")
        with open(os.path.join(out, "schema", f"c{c}.yaml"), "w", encoding="utf-8") as f:
            f.write(f"description: Generated collection {c} of {k}.\n" + "\n".join(fields) + "\n")
        d = os.path.join(out, "content", f"c{c}")
        os.makedirs(d, exist_ok=True)
        for i in range(1, per[c - 1] + 1):
            a, p = rng.randrange(len(EN_ADJ)), rng.randrange(len(EN_PLACE))
            lines = [f"id: {i}", "name:", f"  en: {q(f'{EN_ADJ[a]} {EN_PLACE[p]} {c}-{i}')}",
                     f"  nl: {q(f'{NL_ADJ[a]} {NL_PLACE[p]} {c}-{i}')}", "text:",
                     f"  en: {q(prose(rng, EN_WORDS, desc_lo, desc_hi))}",
                     f"  nl: {q(prose(rng, NL_WORDS, desc_lo, desc_hi))}",
                     f"rank: {rng.randint(0, 1000)}", f"kind: {rng.choice(['walk', 'tip', 'fact', 'story'])}"]
            if c > 1:
                lines.append(f"related: {rng.randint(1, per[c - 2])}")
            with open(os.path.join(d, f"{i}.yaml"), "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "gamepack.yaml"), "w", encoding="utf-8") as f:
        f.write(f"id: benchmark-{args.seed}\nname: Benchmark project ({args.items} items in {k} "
                f"collections)\nlocales: [en, nl]\ntargets: [canonical]\n")
    print(f"{out}: {args.items} items in {k} project-defined collections, "
          f"{time.time() - started:.1f} s")


# ---------------------------------------------------------------------------------------------
# Main


def main():
    ap = argparse.ArgumentParser(description="Generate a large gamepack project for benchmarks.")
    ap.add_argument("out_dir")
    ap.add_argument("--items", type=int, default=20000, help="content items in all (default 20000)")
    ap.add_argument("--images", type=int, help="image files (default 2000; none with --collections)")
    ap.add_argument("--image-bytes", type=int, default=200000,
                    help="approximate size of each image (default 200000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--force", action="store_true", help="delete OUT_DIR first if it exists")
    ap.add_argument("--gohike", action="store_true",
                    help="only profiles, rewards, routes and locations (the gohike target's "
                         "collections), every image a PNG")
    ap.add_argument("--description-chars", default="100:600", metavar="LO:HI",
                    help="length of every description in each locale (default 100:600; built-in "
                         "types allow up to 2000)")
    ap.add_argument("--only", metavar="COLLECTION",
                    help="every item in this one built-in collection (e.g. locations: many small "
                         "items, each with its own image when --images equals --items)")
    ap.add_argument("--collections", type=int, default=0, metavar="K",
                    help="instead of the built-in types, K project-defined types of about "
                         "items/K items each (a project of many small collections)")
    args = ap.parse_args()
    desc_lo, desc_hi = (int(x) for x in args.description_chars.split(":"))
    if not 10 <= desc_lo <= desc_hi <= 2000:
        sys.exit("generate.py: --description-chars must be LO:HI with 10 <= LO <= HI <= 2000")
    if args.only and args.only not in dict(BASE):
        sys.exit(f"generate.py: --only takes one of {', '.join(n for n, _ in BASE)}")
    if args.collections and (args.only or args.gohike or args.images):
        sys.exit("generate.py: --collections makes a project without built-in items or images: "
                 "leave out --only, --gohike and --images")
    if args.images is None:
        args.images = 0 if args.collections else 2000
    if args.items < 100:
        sys.exit("generate.py: --items must be at least 100")
    if args.images < 0 or args.image_bytes < 200:
        sys.exit("generate.py: --images must be >= 0 and --image-bytes >= 200")
    out = args.out_dir
    if os.path.exists(out) and os.listdir(out):
        if not args.force:
            sys.exit(f"generate.py: {out} exists and is not empty (use --force to replace it)")
        shutil.rmtree(out)
    started = time.time()

    rng = random.Random(f"gamepack-bench:{args.seed}:items")
    img_rng = random.Random(f"gamepack-bench:{args.seed}:images")
    if args.collections:
        write_collections(args, rng, desc_lo, desc_hi, started)
        return
    counts = allocate(args.items, args.images, gohike=args.gohike, only=args.only)
    plan = plan_images(img_rng, counts, args.images, png_share=1.0 if args.gohike else 0.3)

    # images: write them, remember each item's fields
    image_of = {}  # (collection, id) -> {field: path}
    total_bytes = 0
    per_dir = {"vcs": "vcs", "rewards": "rewards", "profiles": "profiles", "routes": "routes",
               "locations": "photos"}
    made_dirs = set()
    for index, (coll, iid, field, fmt) in enumerate(plan):
        w, h = img_rng.choice(SIZES)
        size = int(args.image_bytes * img_rng.uniform(0.9, 1.1))
        if fmt == "png":
            data, ext = fake_png(img_rng, index, w, h, size), "png"
        else:
            data, ext = fake_jpeg(img_rng, index, w, h, size, args.seed), "jpg"
        suffix = {"game_image": "-game", "profile_image": "-profile"}.get(field, "")
        rel = f"{per_dir[coll]}/{iid}{suffix}.{ext}"
        d = os.path.join(out, "assets", per_dir[coll])
        if d not in made_dirs:
            os.makedirs(d, exist_ok=True)
            made_dirs.add(d)
        with open(os.path.join(out, "assets", rel), "wb") as f:
            f.write(data)
        total_bytes += len(data)
        image_of.setdefault((coll, iid), {})[field] = rel

    files = {}

    def put(coll, iid, lines):
        files.setdefault(coll, []).append((iid, "\n".join(lines) + "\n"))

    def loc_pair(i, en_parts, nl_parts, lo, hi):
        en = fit(" ".join(en_parts + [str(i)]), lo, hi, "Tour")
        nl = fit(" ".join(nl_parts + [str(i)]), lo, hi, "Tocht")
        return en, nl

    def localized(key, en, nl):
        return [f"{key}:", f"  en: {q(en)}", f"  nl: {q(nl)}"]

    def image_lines(coll, iid):
        return [f"{field}: {rel}" for field, rel in sorted(image_of.get((coll, iid), {}).items())]

    # profiles
    for i in range(1, counts["profiles"] + 1):
        k = rng.randrange(len(EN_AUDIENCE))
        en, nl = loc_pair(i, ["City Walks for", EN_AUDIENCE[k]], ["Stadswandelingen voor", NL_AUDIENCE[k]], 10, 40)
        put("profiles", i, [f"id: {i}"] + localized("name", en, nl)
            + localized("description", prose(rng, EN_WORDS, desc_lo, desc_hi), prose(rng, NL_WORDS, desc_lo, desc_hi))
            + image_lines("profiles", i))

    # rewards
    for i in range(1, counts["rewards"] + 1):
        k = rng.randrange(len(EN_THEME))
        en, nl = loc_pair(i, [EN_THEME[k], "Explorer"], [NL_THEME[k] + "verkenner"], 10, 40)
        put("rewards", i, [f"id: {i}"] + localized("name", en, nl)
            + localized("description", prose(rng, EN_WORDS, desc_lo, desc_hi), prose(rng, NL_WORDS, desc_lo, desc_hi))
            + image_lines("rewards", i))

    # locations, in clusters
    n_loc = counts["locations"]
    n_clusters = max(1, n_loc // 8)
    centres = [point_near(rng, CENTER, 6000) for _ in range(n_clusters)]
    clusters = [[] for _ in range(n_clusters)]
    for i in range(1, n_loc + 1):
        c = (i - 1) % n_clusters
        clusters[c].append(i)
        k = rng.randrange(len(EN_ADJ))
        p = rng.randrange(len(EN_PLACE))
        en, nl = loc_pair(i, [EN_ADJ[k], EN_PLACE[p]], [NL_ADJ[k], NL_PLACE[p]], 10, 40)
        put("locations", i, [f"id: {i}"] + localized("name", en, nl)
            + localized("description", prose(rng, EN_WORDS, desc_lo, desc_hi), prose(rng, NL_WORDS, desc_lo, desc_hi))
            + [f"position: {geo(point_near(rng, centres[c], CLUSTER_RADIUS_M))}"]
            + image_lines("locations", i))

    # routes: each profile and each reward is used at least once
    n_prof, n_rew = counts["profiles"], counts["rewards"]
    for i in range(1, counts["routes"] + 1):
        profile = i if i <= n_prof else rng.randint(1, n_prof)
        if i <= n_rew:
            reward = i
        elif n_rew and rng.random() < 0.3:
            reward = rng.randint(1, n_rew)
        else:
            reward = None
        cluster = clusters[rng.randrange(n_clusters)]
        waypoints = rng.sample(cluster, min(len(cluster), rng.randint(3, 8)))
        k = rng.randrange(len(EN_THEME))
        en, nl = loc_pair(i, [EN_THEME[k], "Walk"], [NL_THEME[k] + "wandeling"], 10, 40)
        lines = [f"id: {i}", f"profile: {profile}"] + localized("name", en, nl)
        lines += localized("description", prose(rng, EN_WORDS, desc_lo, desc_hi), prose(rng, NL_WORDS, desc_lo, desc_hi))
        lines += image_lines("routes", i)
        if reward is not None:
            lines.append(f"reward: {reward}")
        lines.append(f"waypoints: [{', '.join(map(str, waypoints))}]")
        put("routes", i, lines)

    # phrases
    for i in range(1, counts["phrases"] + 1):
        a, b = rng.randrange(len(EN_OPENER)), rng.randrange(len(EN_OBJECT))
        en = f"{EN_OPENER[a]} {EN_OBJECT[b]}{PUNCT[a]}"[:80]
        nl = f"{NL_OPENER[a]} {NL_OBJECT[b]}{PUNCT[a]}"[:80]
        put("phrases", i, [f"id: {i}"] + localized("text", en, nl))

    # vcs
    for i in range(1, counts["vcs"] + 1):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        lines = [f"id: {i}", f"name: {q(f'{first} {last}')}",
                 f"firm: {q(rng.choice(FIRM_A) + ' ' + rng.choice(FIRM_B))}"]
        if rng.random() < 0.4:
            handle = "".join(ch for ch in (first + last).lower() if "a" <= ch <= "z")[:11]
            lines.append(f"twitter: {handle}{i % 10000}")
        lines += image_lines("vcs", i)
        put("vcs", i, lines)

    # deals
    for i in range(1, counts["deals"] + 1):
        kind, category, wares = rng.choice(SHOPS)
        store = f"{kind} {rng.choice(SHOP_NAMES)}"
        postcode = f"10{rng.randint(11, 98)} {chr(65 + rng.randrange(26))}{chr(65 + rng.randrange(26))}"
        address = f"{rng.choice(STREETS)} {rng.randint(1, 350)}, {postcode} Amsterdam"
        start = 1 + rng.randrange(365)
        until = start + rng.randint(0, 300)
        d0 = time.strftime("%Y-%m-%d", time.gmtime(1767225600 + (start - 1) * 86400))  # 2026-01-01
        d1 = time.strftime("%Y-%m-%d", time.gmtime(1767225600 + (until - 1) * 86400))
        lines = [f"id: {i}",
                 f"name: {q(f'{rng.choice(DEAL_OFFER)} {rng.choice(wares)} at {store}'[:80])}",
                 f"location: {geo(point_near(rng, CENTER, 5000))}",
                 f"category: {category}",
                 "details:",
                 f"  store_name: {q(store)}",
                 f"  address: {q(address)}",
                 f"  text: {q(prose(rng, EN_WORDS, desc_lo, desc_hi))}",
                 f"url: https://deals.example/{i}",
                 f"valid_from: {d0}",
                 f"valid_until: {d1}"]
        if rng.random() < 0.1:
            lines.append("featured: true")
        put("deals", i, lines)

    # write
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "gamepack.yaml"), "w", encoding="utf-8") as f:
        f.write(f"id: benchmark-{args.seed}\nname: Benchmark project ({args.items} items, "
                f"{args.images} images)\nlocales: [en, nl]\n"
                f"targets: [{'gohike' if args.gohike else 'canonical'}]\n")
    n_items = 0
    for coll, entries in files.items():
        if not entries:
            continue
        d = os.path.join(out, "content", coll)
        os.makedirs(d, exist_ok=True)
        for iid, text in entries:
            with open(os.path.join(d, f"{iid}.yaml"), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            n_items += 1
    assert n_items == args.items, (n_items, args.items)

    detail = ", ".join(f"{counts[name]} {name}" for name, _ in BASE)
    print(f"{out}: {n_items} items ({detail}), {len(plan)} images, {total_bytes} image bytes, "
          f"{time.time() - started:.1f} s")


if __name__ == "__main__":
    main()

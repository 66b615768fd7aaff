#!/usr/bin/env python3
"""Write gamepack's example projects under examples/ (deterministic; safe to re-run).

    python3 scripts/make-examples.py [--fixtures DIR]

- examples/gohike-amsterdam/  from gohike/content-android-1da0296.json (real texts and photos)
- examples/whack-a-vc/        from whackavc/*.csv (real names and phrases; generated images/sounds)
- examples/dealhunter/        hand-written deals around Amsterdam (there is no DealHunter data)

Each example directory is deleted and written again, so the output depends only on the fixtures
and this script. Python 3 standard library only.
"""

import argparse
import base64
import csv
import json
import os
import shutil
import textwrap
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genlib import (badge_png, flat_shape_png, hsv, localized, q, scalar, sine_wav,  # noqa: E402
                    slug, write_bytes, write_text, SHAPES)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FIXTURES = os.path.normpath(os.path.join(REPO, "..", "shared", "fixtures"))


def fresh(path):
    if os.path.isdir(path):
        shutil.rmtree(path)
    os.makedirs(path)


def item_file(root, collection, name, lines):
    write_text(os.path.join(root, "content", collection, f"{name}.yaml"), "\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------------
# a. Go Take a Hike! Amsterdam


GOHIKE_FIXTURE = "gohike/content-android-1da0296.json"


def make_gohike(fixtures, out):
    root = os.path.join(out, "gohike-amsterdam")
    fresh(root)
    with open(os.path.join(fixtures, GOHIKE_FIXTURE), encoding="utf-8") as f:
        data = json.load(f)
    (profile,) = data["profiles"]
    route = next(r for r in profile["routes"] if r["id"] == 1)
    left_out = sorted(r["id"] for r in profile["routes"] if r["id"] != 1)
    assert left_out == [4, 6], left_out

    write_text(os.path.join(root, "gamepack.yaml"), "\n".join([
        "id: gohike-amsterdam",
        "name: Go Take a Hike! Amsterdam",
        "locales: [en, nl]",
        "targets: [gohike, canonical]",
    ]) + "\n")

    def image(b64, rel):
        if not b64:
            return []
        write_bytes(os.path.join(root, "assets", rel), base64.b64decode(b64))  # accepts \n wrapping
        return [f"image: {rel}"]

    def texts(obj, field):
        return localized(field, [("en", obj[field + "_en"]), ("nl", obj[field + "_nl"])])

    # profile 1
    lines = [f"id: {profile['id']}"] + texts(profile, "name") + texts(profile, "description")
    lines += image(profile["image_data"], f"profiles/{slug(profile['name_en'])}.jpg")
    assert profile["icon_data"] is None
    item_file(root, "profiles", str(profile["id"]), lines)

    # route 1 (the fixture has no reward; reward 1 is added below)
    waypoints = sorted(route["waypoints"], key=lambda w: w["rank"])
    assert [w["rank"] for w in waypoints] == list(range(len(waypoints)))
    lines = [f"id: {route['id']}", f"profile: {route['profile_id']}"]
    lines += texts(route, "name") + texts(route, "description")
    lines += image(route["image_data"], f"routes/{slug(route['name_en'])}.jpg")
    assert route["icon_data"] is None
    lines += ["reward: 1", "waypoints: [%s]" % ", ".join(str(w["location_id"]) for w in waypoints)]
    item_file(root, "routes", str(route["id"]), lines)

    # locations, from the waypoints (one per location id)
    for w in sorted(waypoints, key=lambda w: w["location_id"]):
        lines = [f"id: {w['location_id']}"] + texts(w, "name") + texts(w, "description")
        # exactly the fixture's digits, written as YAML numbers
        lat, lon = w["latitude"], w["longitude"]
        float(lat), float(lon)
        lines.append(f"position: {{latitude: {lat}, longitude: {lon}}}")
        lines += image(w["image_data"], f"photos/{slug(w['name_en'])}.jpg")
        item_file(root, "locations", str(w["location_id"]), lines)

    # reward 1 (not in the fixture)
    write_bytes(os.path.join(root, "assets", "rewards", "green-trail.png"),
                badge_png(128, outer=(212, 175, 55), inner=(46, 139, 87)))
    item_file(root, "rewards", "1", [
        "id: 1",
        "name:",
        f"  en: {q('Green Trail Walker')}",
        f"  nl: {q('Groene Pad Wandelaar')}",
        "description:",
        "  en: " + q("Walked the whole Green Trail: from Marie Heinekenplein past the RAI "
                     "to the Liberal Jewish synagogue."),
        "  nl: " + q("Het hele Groene Pad gelopen: van het Marie Heinekenplein langs de RAI "
                     "naar de synagoge van de Liberaal Joodse Gemeente."),
        "image: rewards/green-trail.png",
    ])

    write_text(os.path.join(root, "README.md"), f"""\
# Go Take a Hike! Amsterdam (example)

Real content of the "Go Take a Hike!" Amsterdam city-walk game, converted from the content file
bundled in the Android app: `fixtures/{GOHIKE_FIXTURE}` (content version
`{data['version']}`). It is written by `scripts/make-examples.py`; edit that script, not
these files.

What is here:

- `content/profiles/1.yaml`: profile 1, "24H South" / "24H Zuid", with its photo.
- `content/routes/1.yaml`: route 1, "Green Trail" / "Groene Pad", waypoints 3, 1, 2 (the fixture's
  rank order), with its photo.
- `content/locations/{{1,2,3}}.yaml`: the three locations the route visits. Location 3 has no
  photo in the fixture, so it has no `image`.
- `content/rewards/1.yaml`: reward 1 with a generated badge. **Not from the fixture**: the
  Android content file has no reward at all, so one was made up to show the reward type.
- `assets/`: the JPEG photos, decoded byte for byte from the fixture's base64; the reward's PNG.

Texts are byte-exact, including the Windows line breaks (`\\r\\n`) of the original descriptions,
which is why they are written as double-quoted strings with escapes.

Left out, on purpose:

- Routes 4 ("test route") and 6 ("ZUID"): test data of the old server, with empty or missing
  Dutch texts.
- Localized fields empty in both languages (route 1's and location 2's descriptions).
- `icon_data` (null everywhere) and the content `version` (computed by `gamepack build`).

Quirks kept as they are in the data (a lint or a human should catch them, not the importer):

- Location 2's names look swapped: `en` is the Dutch "Synagoge Liberaal Joodse Gemeente", `nl`
  the English "Liberal Jewish Community Synagogue".
- Location 3's Dutch name and description are the placeholder `(test)`.
- Location 1's Dutch description quotes `""De Oude Raai""` with doubled quotes.
""")


# ---------------------------------------------------------------------------------------------
# b. Whack-A-VC

SOUND_TONES = [  # resourceName -> (id, name, frequency in Hz)
    ("A.wav", "tone-a", "Tone A", 440.00),
    ("B.wav", "tone-b", "Tone B", 493.88),
    ("C.wav", "tone-c", "Tone C", 523.25),
    ("D.wav", "tone-d", "Tone D", 587.33),
    ("E.wav", "tone-e", "Tone E", 659.25),
    ("sound1.wav", "sound-1", "Sound 1", 330.00),
    ("sound2.wav", "sound-2", "Sound 2", 880.00),
]


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:  # DictReader files surplus fields under the key None
        assert None not in row and None not in row.values(), (path, row)
    return rows


def read_phrases(path):
    """Phrases.csv is one column but not quoted: "Go on, scale your business" holds a comma that
    a CSV reader would split. Read it as lines (header `Phrase` first)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert lines[0] == "Phrase", lines[0]
    return [{"Phrase": line} for line in lines[1:] if line.strip()]


def make_whackavc(fixtures, out):
    root = os.path.join(out, "whack-a-vc")
    fresh(root)
    src = os.path.join(fixtures, "whackavc")
    phrases = read_phrases(os.path.join(src, "Phrases.csv"))
    vcs = read_csv(os.path.join(src, "VC-Details.csv"))
    meta = read_csv(os.path.join(src, "metaData.csv"))
    assert len(phrases) == 23 and len(vcs) == 20, (len(phrases), len(vcs))

    write_text(os.path.join(root, "gamepack.yaml"), "\n".join([
        "id: whack-a-vc",
        "name: Whack-A-VC",
        "locales: [en]",
        "targets: [kinvey, canonical]",
    ]) + "\n")

    # phrases: one file, a list
    lines = []
    for i, row in enumerate(phrases, 1):
        lines += [f"- id: {i}", f"  text: {scalar(row['Phrase'])}"]
    item_file(root, "phrases", "phrases", lines)

    # vcs: one file each, two generated PNGs each
    referenced = set()
    for i, row in enumerate(vcs, 1):
        colour = hsv((i - 1) / len(vcs), 0.55, 0.85)
        dark = tuple(c // 3 for c in colour)
        prof, game = row["profileImageNameInBlob"], row["gameImageNameInBlob"]
        write_bytes(os.path.join(root, "assets", "vcs", prof),
                    flat_shape_png(96, colour, SHAPES[(i - 1) % len(SHAPES)]))
        write_bytes(os.path.join(root, "assets", "vcs", game),
                    flat_shape_png(192, colour, SHAPES[(i + 2) % len(SHAPES)], foreground=dark,
                                   border=(255, 255, 255)))
        referenced |= {prof, game}
        lines = [f"id: {i}", f"name: {scalar(row['name'])}", f"firm: {scalar(row['firm'])}"]
        if row["twitter_handle"] != "NA":
            lines.append(f"twitter: {scalar(row['twitter_handle'])}")
        lines += [f"profile_image: vcs/{prof}", f"game_image: vcs/{game}"]
        item_file(root, "vcs", str(i), lines)

    # sounds: a project-defined collection
    write_text(os.path.join(root, "schema", "sounds.yaml"), "\n".join([
        "description: Sound effects played during a game (the .wav resources of the Kinvey blob store).",
        "fields:",
        "  name: {type: string, required: true, max_length: 40}",
        "  file: {type: audio, required: true, formats: [wav], max_bytes: 2000000}",
    ]) + "\n")
    meta_wavs = [m["resourceName"] for m in meta if m["resourceName"].endswith(".wav")]
    assert meta_wavs == [s[0] for s in SOUND_TONES], meta_wavs
    lines = []
    for resource, sid, name, freq in SOUND_TONES:
        sine_wav(os.path.join(root, "assets", "sounds", resource), freq)
        lines += [f"- id: {sid}", f"  name: {scalar(name)}", f"  file: sounds/{resource}"]
    item_file(root, "sounds", "sounds", lines)

    # metaData.csv vs VC-Details.csv
    meta_pngs = {m["resourceName"] for m in meta if m["resourceName"].endswith(".png")}
    other = sorted(m["resourceName"] for m in meta
                   if not m["resourceName"].endswith((".png", ".wav")))
    unreferenced = sorted(meta_pngs - referenced)
    not_in_meta = sorted(referenced - meta_pngs)
    if unreferenced:
        meta_note = ("metaData.csv lists PNG files no VC refers to, so they were not generated: "
                     + ", ".join(f"`{n}`" for n in unreferenced) + ".")
    else:
        meta_note = (f"metaData.csv lists {len(meta_pngs)} PNG files; every one is a profile or "
                     "game image of a VC in VC-Details.csv, so nothing was left out.")
    if not_in_meta:
        meta_note += (" VC-Details.csv names images metaData.csv does not list: "
                      + ", ".join(f"`{n}`" for n in not_in_meta) + ".")
    if other:
        meta_note += " Other resources in metaData.csv, not used: " + ", ".join(other) + "."
    meta_note = textwrap.fill(meta_note, 96)

    write_text(os.path.join(root, "README.md"), f"""\
# Whack-A-VC (example)

Content of the Whack-A-VC iOS game, converted from its Kinvey collection exports in
`fixtures/whackavc/` (`Phrases.csv`, `VC-Details.csv`, `metaData.csv`). It is written by
`scripts/make-examples.py`; edit that script, not these files.

- `content/phrases/phrases.yaml`: the {len(phrases)} phrases, one file holding a list, ids 1..{len(phrases)}
  in CSV order.
- `content/vcs/<n>.yaml`: the {len(vcs)} VCs, ids 1..{len(vcs)} in CSV order; `twitter` is left
  out where the CSV says `NA`.
- `schema/sounds.yaml` + `content/sounds/sounds.yaml`: a project-defined collection for the
  seven `.wav` resources of `metaData.csv`, to show a content type that is not built in.
- `assets/vcs/`: a profile image (96x96) and a game image (192x192) per VC, under the blob names
  of the CSV. **Generated placeholders**: the original binaries are not public. Each VC has its
  own flat colour and shapes.
- `assets/sounds/`: 0.2 s sine tones (8 kHz, mono, 16-bit), also generated placeholders.

{meta_note}

`Phrases.csv` is a one-column CSV whose phrase "Go on, scale your business" contains an
unquoted comma; it is read line by line so the phrase stays whole.

The CSVs' spelling is kept as is, including what look like typos ("Sequoia Capita",
"Michael Mortiz", "Neeraj Agrawl", "Whats your APRU?"). `lastModified` of `metaData.csv` is not
carried over: `gamepack build` versions resources by content hash instead.
""")
    return unreferenced, not_in_meta


# ---------------------------------------------------------------------------------------------
# c. DealHunter

DEALS = [
    # name, category, store, address, lat, lon, text, url, from, until, featured
    ("Two croissants for the price of one", "food", "Bakkerij De Gouden Korrel",
     "Haarlemmerdijk 112, 1013 JJ Amsterdam", 52.382420, 4.886950,
     "Every weekday before 10:00: buy one butter croissant, get a second one free. "
     "Baked on the premises since 5 in the morning.",
     "https://goudenkorrel.example/aanbiedingen", "2026-02-02", "2026-04-30", True),
    ("Half-price flat white before 10:00", "drinks", "Koffiebar Grachtengoud",
     "Utrechtsestraat 61, 1017 VJ Amsterdam", 52.362912, 4.898540,
     "Show the deal at the counter and your first flat white of the day is half price.\n"
     "Oat, soy and lactose-free milk at no extra cost.",
     "https://grachtengoud.example/deals", "2026-01-12", "2026-12-31", False),
    ("20% off all winter coats", "fashion", "Atelier Noordwest",
     "Kalverstraat 148, 1012 XH Amsterdam", 52.369620, 4.891210,
     "20% off the whole winter coat collection, including the wool duffle coats made in "
     "our own workshop. Not combinable with other discounts.",
     "https://ateliernoordwest.example/sale", "2026-01-05", "2026-02-28", False),
    ("€30 off noise-cancelling headphones", "electronics", "Geluidshuis Oost",
     "Javastraat 98, 1094 HK Amsterdam", 52.363400, 4.938010,
     "€30 off any pair of noise-cancelling headphones over €150. Try them on in the "
     "listening corner first; staff can help you pair them with your phone.",
     "https://geluidshuis-oost.example/koptelefoons", "2026-03-01", "2026-03-31", False),
    ("Canal kayak tour: second seat free", "leisure", "Kanokompas Amsterdam",
     "Prinsengracht 501, 1016 HR Amsterdam", 52.365800, 4.884000,
     "Book a two-person kayak for the 90-minute canal tour and pay for one seat. "
     "Life jackets and a waterproof bag included. Minimum age 12.",
     "https://kanokompas.example/tours", "2026-05-01", "2026-09-30", True),
    ("Bike service for €19.50", "services", "Fietsmakerij Plantage",
     "Plantage Middenlaan 34, 1018 DG Amsterdam", 52.366050, 4.910890,
     "A full check of brakes, gears, tyres and lights, chain cleaned and oiled, for €19.50 "
     "instead of €35. Parts extra. Bring your bike before 11:00, pick it up the same day.",
     "https://fietsmakerij-plantage.example/onderhoud", "2026-03-16", "2026-06-30", False),
    ("Three houseplants for €25", "other", "Groene Vingers Plantenwinkel",
     "Westerstraat 190, 1015 MN Amsterdam", 52.378430, 4.881340,
     "Pick any three plants from the tables by the door for €25. Ask for free repotting "
     "advice; pots are 10% off with the deal.",
     "https://groenevingers.example/acties", "2026-04-01", "2026-05-31", False),
    ("Lunch deal: soup and a sandwich for €8.50", "food", "Soepbar Nieuwmarkt",
     "Nieuwmarkt 17, 1011 MA Amsterdam", 52.372560, 4.900850,
     "A bowl of the soup of the day with a sourdough sandwich of your choice, every day "
     "between 12:00 and 15:00.",
     "https://soepbar-nieuwmarkt.example/lunch", "2026-01-01", "2027-01-31", False),
    ("Happy hour: house IPA two for one", "drinks", "Proeflokaal 't Kanaal",
     "Czaar Peterstraat 140, 1018 PS Amsterdam", 52.368920, 4.929780,
     "From Monday to Thursday, 17:00 to 19:00: two glasses of the house IPA for the price of "
     "one. 18+ only; ID may be asked.",
     "https://proeflokaal-kanaal.example/happy-hour", "2026-02-16", "2026-12-17", True),
    ("Vintage Fridays: three items for €30", "fashion", "Tweede Ronde Vintage",
     "Elandsgracht 70, 1016 TX Amsterdam", 52.368510, 4.880620,
     "On Fridays, any three items from the rails marked with a green tag cost €30 together.",
     "https://tweederonde.example/vrijdag", "2026-06-05", "2026-08-28", False),
    ("Student night: cinema tickets €7.50", "leisure", "Filmtheater Zuidlicht",
     "Van Woustraat 150, 1073 LX Amsterdam", 52.353200, 4.903950,
     "Every Tuesday, any screening after 21:00 costs €7.50 with a valid student card.",
     "https://zuidlicht.example/studenten", "2026-09-01", "2027-06-30", False),
    ("Haircut and beard trim for €29", "services", "Kapsalon Spiegelgracht",
     "Spiegelgracht 12, 1017 JR Amsterdam", 52.362130, 4.885560,
     "Wash, cut and beard trim for €29 instead of €42. Walk in or book online; "
     "valid on weekdays only.",
     "https://kapsalon-spiegelgracht.example/boeken", "2026-01-19", "2026-07-31", False),
]


def make_dealhunter(out):
    root = os.path.join(out, "dealhunter")
    fresh(root)
    write_text(os.path.join(root, "gamepack.yaml"), "\n".join([
        "id: dealhunter",
        "name: DealHunter Amsterdam",
        "locales: [en]",
        "targets: [canonical]",
    ]) + "\n")
    for i, (name, cat, store, addr, lat, lon, text, url, start, end, featured) in enumerate(DEALS, 1):
        assert start <= end
        lines = [
            f"id: {i}",
            f"name: {q(name)}",
            f"location: {{latitude: {lat:.6f}, longitude: {lon:.6f}}}",
            f"category: {cat}",
            "details:",
            f"  store_name: {q(store)}",
            f"  address: {q(addr)}",
            f"  text: {q(text)}",
            f"url: {url}",
            f"valid_from: {start}",
            f"valid_until: {end}",
        ]
        if featured:
            lines.append("featured: true")
        item_file(root, "deals", str(i), lines)
    write_text(os.path.join(root, "README.md"), f"""\
# DealHunter Amsterdam (example)

{len(DEALS)} daily deals at shops and cafés in Amsterdam, one file per deal in `content/deals/`,
using the built-in `deals` type. There is no public DealHunter data, so these are made up: the
streets are real, the shops and their websites (`.example` domains) are not. Every deal lies
within 2.5 km of the old centre (52.3676, 4.9041), so a player there finds all of them within
DealHunter's 5 km radius. Categories cover every value of the type's enum; deals 1, 5 and 9 are
featured. It is written by `scripts/make-examples.py`.
""")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fixtures", default=DEFAULT_FIXTURES, help="the shared fixtures directory")
    ap.add_argument("--out", default=os.path.join(REPO, "examples"))
    args = ap.parse_args()
    make_gohike(args.fixtures, args.out)
    unreferenced, not_in_meta = make_whackavc(args.fixtures, args.out)
    make_dealhunter(args.out)
    print(f"wrote gohike-amsterdam, whack-a-vc, dealhunter under {args.out}")
    if unreferenced or not_in_meta:
        print(f"whack-a-vc: metaData PNGs not referenced: {unreferenced}; "
              f"referenced but not in metaData: {not_in_meta}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write gamepack's example projects under examples/ (deterministic; safe to re-run).

    python3 scripts/make-examples.py [--out examples]

- examples/gohike-amsterdam/  a Go Take a Hike! city walk: texts written for this script about
                              real places in Amsterdam-Zuid, generated photo-like JPEGs
- examples/whack-a-vc/        invented VCs, firms and phrases (scripts/whackavc_content.py),
                              generated images and sounds
- examples/dealhunter/        hand-written deals around Amsterdam

Everything is the project's own: no file outside the repository is read. Each example
directory is deleted and written again, so the output depends only on this script and
scripts/genlib.py. Python 3 standard library only.
"""

import argparse
import subprocess
import os
import shutil
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genlib import (badge_png, flat_shape_png, hsv, jpeg_bytes, localized, photo_scene, q,  # noqa: E402
                    scalar, sine_wav, slug, write_bytes, write_text, SHAPES)
from whackavc_content import PHRASES, SOUND_TONES, VCS  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fresh(path):
    if os.path.isdir(path):
        shutil.rmtree(path)
    os.makedirs(path)


def item_file(root, collection, name, lines):
    write_text(os.path.join(root, "content", collection, f"{name}.yaml"), "\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------------
# a. Go Take a Hike! Amsterdam
#
# One profile, one route visiting three locations (ids and order as the game's first Amsterdam
# route had them: 3, 1, 2), one reward. Texts are plain, factual and written for this example;
# the quirks the game's content showed are kept on purpose so lint and humans can be tested on
# them: Windows line breaks (\r\n) inside texts, doubled quotes in a Dutch description, a
# location whose English and Dutch names are swapped, a Dutch placeholder "(test)", a location
# without a photo, and localized fields empty in both languages (left out).

GOHIKE_PROFILE = {
    "id": 1,
    "name": ("Amsterdam South", "Amsterdam Zuid"),
    "description": (
        "Walks through the south of Amsterdam, from the busy streets of De Pijp to the wide "
        "avenues near the Zuidas business district.\r\n\r\n"
        "Every route links a few places you can reach on foot in about an hour. Check in at each "
        "stop to earn the route's reward.",
        "Wandelingen door het zuiden van Amsterdam, van de drukke straten van De Pijp tot de "
        "brede lanen bij de Zuidas.\r\n\r\n"
        "Elke route verbindt een paar plekken die je in ongeveer een uur te voet bereikt. Check "
        "in bij elke stop en verdien de beloning van de route."),
    "photo": ("canal", 21),
}

GOHIKE_ROUTE = {
    "id": 1,
    "name": ("Green Trail", "Groene Pad"),
    "photo": ("park", 22, 92),  # a finer JPEG quality than the others: a different file size
    "waypoints": [3, 1, 2],
    "reward": 1,
}

GOHIKE_LOCATIONS = [  # in id order
    {
        "id": 1,
        "name": ("RAI Congress Center", "RAI Congrescentrum"),
        "description": (
            "Amsterdam RAI is one of the largest exhibition and conference centres in the "
            "Netherlands, on the Europaplein in the south of the city. The name comes from the "
            "trade association of the bicycle and car industry that founded it. The present halls "
            "opened in 1961, and the railway station next to them is named after the centre. In "
            "1970 the Eurovision Song Contest was held here.",
            "Amsterdam RAI is een van de grootste beurs- en congrescentra van Nederland, aan het "
            "Europaplein in Amsterdam-Zuid.\r\n"
            "De naam komt van de vereniging die het centrum oprichtte, de \"\"Rijwiel- en "
            "Automobiel-Industrie\"\". De huidige hallen werden in 1961 geopend; het station ernaast "
            "draagt dezelfde naam. In 1970 werd hier het Eurovisiesongfestival gehouden."),
        "position": ("52.340512", "4.889103"),
        "photo": ("skyline", 23),
    },
    {
        # The names are swapped on purpose (en holds the Dutch name, nl the English one).
        "id": 2,
        "name": ("Synagoge Liberaal Joodse Gemeente", "Liberal Jewish Community Synagogue"),
        "position": ("52.359591", "4.911512"),
        "photo": ("church", 24),
    },
    {
        # The Dutch texts are the placeholder "(test)" on purpose; no photo.
        "id": 3,
        "name": ("Marie Heinekenplein", "(test)"),
        "description": (
            "A square in De Pijp, laid out on part of the grounds of the former Heineken brewery, "
            "which brewed beer here from the 1860s until 1988. Cafés and restaurants line the "
            "square; the old brewery building beside it is now a visitor attraction.",
            "(test)"),
        "position": ("52.357802", "4.891398"),
    },
]

GOHIKE_REWARD = {
    "id": 1,
    "name": ("Green Trail Walker", "Groene Pad Wandelaar"),
    "description": (
        "Walked the whole Green Trail: from Marie Heinekenplein past the RAI to the Liberal "
        "Jewish synagogue.",
        "Het hele Groene Pad gelopen: van het Marie Heinekenplein langs de RAI naar de synagoge "
        "van de Liberaal Joodse Gemeente."),
}

PHOTO_SIZE = (570, 380)


def make_gohike(out):
    root = os.path.join(out, "gohike-amsterdam")
    fresh(root)
    write_text(os.path.join(root, "gamepack.yaml"), "\n".join([
        "id: gohike-amsterdam",
        "name: Go Take a Hike! Amsterdam",
        "locales: [en, nl]",
        "targets: [gohike, canonical]",
    ]) + "\n")

    def texts(obj, field):
        en, nl = obj.get(field, ("", ""))
        return localized(field, [("en", en), ("nl", nl)])

    def photo(obj, folder):
        if "photo" not in obj:
            return []
        kind, seed, quality = (obj["photo"] + (82,))[:3]
        rel = f"{folder}/{slug(obj['name'][0])}.jpg"
        width, height = PHOTO_SIZE
        write_bytes(os.path.join(root, "assets", rel),
                    jpeg_bytes(width, height, photo_scene(width, height, kind, seed), quality=quality))
        return [f"image: {rel}"]

    p = GOHIKE_PROFILE
    item_file(root, "profiles", str(p["id"]),
              [f"id: {p['id']}"] + texts(p, "name") + texts(p, "description") + photo(p, "profiles"))

    r = GOHIKE_ROUTE
    item_file(root, "routes", str(r["id"]),
              [f"id: {r['id']}", f"profile: {p['id']}"] + texts(r, "name") + texts(r, "description")
              + photo(r, "routes")
              + [f"reward: {r['reward']}", "waypoints: [%s]" % ", ".join(map(str, r["waypoints"]))])

    for loc in GOHIKE_LOCATIONS:
        lat, lon = loc["position"]
        float(lat), float(lon)
        lines = [f"id: {loc['id']}"] + texts(loc, "name") + texts(loc, "description")
        lines.append(f"position: {{latitude: {lat}, longitude: {lon}}}")
        item_file(root, "locations", str(loc["id"]), lines + photo(loc, "photos"))

    w = GOHIKE_REWARD
    write_bytes(os.path.join(root, "assets", "rewards", "green-trail.png"),
                badge_png(128, outer=(212, 175, 55), inner=(46, 139, 87)))
    item_file(root, "rewards", str(w["id"]),
              [f"id: {w['id']}"] + texts(w, "name") + texts(w, "description")
              + ["image: rewards/green-trail.png"])

    write_text(os.path.join(root, "README.md"), """\
# Go Take a Hike! Amsterdam (example)

A small Go Take a Hike! city walk in the south of Amsterdam, in English and Dutch. It is written
by `scripts/make-examples.py`; edit that script, not these files. The texts were written for
this example about real places; the photos are photo-like pictures drawn by
`scripts/genlib.py` (570×380 JPEG), not photographs.

What is here:

- `content/profiles/1.yaml`: profile 1, "Amsterdam South" / "Amsterdam Zuid", with its photo.
- `content/routes/1.yaml`: route 1, "Green Trail" / "Groene Pad", visiting locations 3, 1 and 2
  in that order, with its photo and reward 1.
- `content/locations/{1,2,3}.yaml`: the RAI, the Liberal Jewish synagogue and the Marie
  Heinekenplein. Location 3 has no photo, so it has no `image`.
- `content/rewards/1.yaml`: reward 1 with a generated badge (PNG).
- `assets/`: the JPEG photos and the reward's PNG.

Texts containing Windows line breaks (`\\r\\n`) are written as double-quoted strings with
escapes, like everything else.

Quirks kept on purpose, the kind real content has (a lint or a human should catch them, not the
importer), which the tests rely on:

- Location 2's names are swapped: `en` is the Dutch "Synagoge Liberaal Joodse Gemeente", `nl`
  the English "Liberal Jewish Community Synagogue".
- Location 3's Dutch name and description are the placeholder `(test)`.
- Location 1's Dutch description quotes `""Rijwiel- en Automobiel-Industrie""` with doubled
  quotes.
- Route 1's and location 2's descriptions are empty in both languages and left out; there is no
  `icon`, and the content `version` is computed by `gamepack build`.
""")


# ---------------------------------------------------------------------------------------------
# b. Whack-A-VC (content in scripts/whackavc_content.py, shared with the test fixtures)


def make_whackavc(out):
    root = os.path.join(out, "whack-a-vc")
    fresh(root)
    write_text(os.path.join(root, "gamepack.yaml"), "\n".join([
        "id: whack-a-vc",
        "name: Whack-A-VC",
        "locales: [en]",
        "targets: [kinvey, canonical]",
    ]) + "\n")

    # phrases: one file, a list
    lines = []
    for i, phrase in enumerate(PHRASES, 1):
        lines += [f"- id: {i}", f"  text: {scalar(phrase)}"]
    item_file(root, "phrases", "phrases", lines)

    # vcs: one file each, two generated PNGs each
    for i, (name, firm, handle, prof, game) in enumerate(VCS, 1):
        colour = hsv((i - 1) / len(VCS), 0.55, 0.85)
        dark = tuple(c // 3 for c in colour)
        write_bytes(os.path.join(root, "assets", "vcs", prof),
                    flat_shape_png(96, colour, SHAPES[(i - 1) % len(SHAPES)]))
        write_bytes(os.path.join(root, "assets", "vcs", game),
                    flat_shape_png(192, colour, SHAPES[(i + 2) % len(SHAPES)], foreground=dark,
                                   border=(255, 255, 255)))
        lines = [f"id: {i}", f"name: {scalar(name)}", f"firm: {scalar(firm)}"]
        if handle:
            lines.append(f"twitter: {scalar(handle)}")
        lines += [f"profile_image: vcs/{prof}", f"game_image: vcs/{game}"]
        item_file(root, "vcs", str(i), lines)

    # sounds: a project-defined collection
    write_text(os.path.join(root, "schema", "sounds.yaml"), "\n".join([
        "description: Sound effects played during a game (the .wav resources of the Kinvey blob store).",
        "fields:",
        "  name: {type: string, required: true, max_length: 40}",
        "  file: {type: audio, required: true, formats: [wav], max_bytes: 2000000}",
    ]) + "\n")
    lines = []
    for resource, sid, name, freq in SOUND_TONES:
        sine_wav(os.path.join(root, "assets", "sounds", resource), freq)
        lines += [f"- id: {sid}", f"  name: {scalar(name)}", f"  file: sounds/{resource}"]
    item_file(root, "sounds", "sounds", lines)

    write_text(os.path.join(root, "README.md"), f"""\
# Whack-A-VC (example)

Content for the Whack-A-VC game, in the shape of its Kinvey collections (phrases, VCs, blob
resources). Every person, firm, handle and phrase is invented (`scripts/whackavc_content.py`,
which also writes the Kinvey export fixtures the import tests read). It is written by
`scripts/make-examples.py`; edit that script, not these files.

- `content/phrases/phrases.yaml`: {len(PHRASES)} phrases, one file holding a list, ids 1..{len(PHRASES)}.
- `content/vcs/<n>.yaml`: {len(VCS)} VCs, ids 1..{len(VCS)}; {sum(1 for v in VCS if v[2])} have a `twitter` handle.
- `schema/sounds.yaml` + `content/sounds/sounds.yaml`: a project-defined collection for the
  seven `.wav` resources, to show a content type that is not built in.
- `assets/vcs/`: a profile image (96x96) and a game image (192x192) per VC, under the blob names
  the Kinvey metadata uses (`vcsnapN.png`/`vcN.png`, or `First_Last_p.png`/`_g.png`). Generated:
  each VC has its own flat colour and shapes.
- `assets/sounds/`: 0.2 s sine tones (8 kHz, mono, 16-bit), also generated.

`gamepack build` versions resources by content hash, so an image replaced under the same name
reaches players (Kinvey's `lastModified` check missed that).
""")


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

`content/deals/generated.yaml` adds 300 generated deals (ids 101-400) spread around the city,
so that the 5 km search leaves some out: `scripts/make-deals.py` writes it (this script runs it).
""")
    subprocess.run([sys.executable, os.path.join(REPO, "scripts", "make-deals.py")], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(REPO, "examples"))
    args = ap.parse_args()
    make_gohike(args.out)
    make_whackavc(args.out)
    make_dealhunter(args.out)
    print(f"wrote gohike-amsterdam, whack-a-vc, dealhunter under {args.out}")


if __name__ == "__main__":
    main()

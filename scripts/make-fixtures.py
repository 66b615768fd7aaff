#!/usr/bin/env python3
"""Write the project's own test fixtures for the legacy formats (deterministic; safe to re-run).

    python3 scripts/make-fixtures.py [--out Tests/GamePackKitTests/Fixtures]

- gohike/content-v1.json: a Go Take a Hike! v1 content file as the old server wrote it
  (versioned, `version` first, pretty-printed), with the real files' quirks.
- gohike/content-v2.json: the next version of it, for diff and round-trip tests.
- gohike/content-ios-unversioned.json: an early iOS bundle: no `version` key, waypoints
  without coordinates or photos, keys in another order, `/` escaped as `\\/`.
- whackavc/{Phrases,VC-Details,metaData}.csv: Whack-A-VC Kinvey collection exports.

The content is the project's own (texts written for these fixtures, images drawn by
scripts/genlib.py); only the shapes and quirks follow the real files, which are not in the
repository (see gohike/README.md and whackavc/README.md, written by this script). Python 3
standard library only. Re-running gives the same bytes.
"""

import argparse
import base64
import copy
import hashlib
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genlib import badge_png, jpeg_bytes, photo_scene, write_bytes, write_text  # noqa: E402
from whackavc_content import PHRASES, SOUND_TONES, VCS  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO, "Tests", "GamePackKitTests", "Fixtures")


# ---------------------------------------------------------------------------------------------
# Images: small JPEG photos and PNG reward badges, base64 as Ruby's encode64 wrote it


def photo(kind, seed, width=64, height=48):
    return jpeg_bytes(width, height, photo_scene(width, height, kind, seed), quality=75)


def encode64(data):
    """Base64 with a newline after every 60 characters and at the end (Ruby `encode64`)."""
    text = base64.b64encode(data).decode("ascii")
    return "".join(text[i:i + 60] + "\n" for i in range(0, len(text), 60))


# ---------------------------------------------------------------------------------------------
# Go Take a Hike! content


def texts(name_en, name_nl, description_en="", description_nl=""):
    return {"name_en": name_en, "name_nl": name_nl,
            "description_en": description_en, "description_nl": description_nl}


LOCATIONS = {  # location_id -> texts, latitude, longitude (strings), photo or None
    1: (texts("Sarphati Park", "Sarphatipark",
              "A small landscape park from the 1880s with a fountain for Samuel Sarphati.",
              "Een klein landschapspark uit de jaren 1880.\r\n"
              "In het midden staat een fontein voor Samuel Sarphati, \"\"arts en stadsvernieuwer\"\"."),
        "52.354512083", "4.896533219", ("park", 11)),
    2: (texts("Amstel Church", "Amstelkerk"), "52.362594310", "4.898441752", ("church", 12)),
    3: (texts("Albert Cuyp Market", "Albert Cuypmarkt",
              "A street market on the Albert Cuypstraat, open every day except Sunday.",
              "Een straatmarkt op de Albert Cuypstraat, elke dag open behalve op zondag."),
        "52.355843127", "4.894315108", None),
    4: (texts("Java Island", "Java-eiland",
              "A long artificial island in the Eastern Docklands, built up with housing in the 1990s.",
              "Een lang kunstmatig eiland in het Oostelijk Havengebied, in de jaren negentig "
              "bebouwd met woningen."),
        "52.375962", "4.931207", None),
}


def waypoint(rank, location_id, route_id, images):
    t, lat, lon, picture = LOCATIONS[location_id]
    w = {"rank": rank, "location_id": location_id}
    w.update(t)
    w.update({"latitude": lat, "longitude": lon,
              "image_data": images[picture] if picture else None, "route_id": route_id})
    return w


def route(route_id, t, image, waypoints, profile_id, reward="absent"):
    """A route in the server's key order; `reward`: "absent" (no key, like the shipped Android
    file), "quirk" (the template bug's `"": null`) or a reward object."""
    r = {"id": route_id}
    r.update(t)
    r.update({"image_data": image, "icon_data": None, "waypoints": waypoints,
              "profile_id": profile_id})
    if reward == "quirk":
        r[""] = None
    elif reward != "absent":
        r["reward"] = reward
    return r


def profile(profile_id, t, image, routes):
    p = {"id": profile_id}
    p.update(t)
    p.update({"image_data": image, "icon_data": None, "routes": routes})
    return p


PROFILE_1 = texts(
    "Zuid on Foot", "Zuid te voet",
    "Short walks through De Pijp and the Rivierenbuurt, written for gamepack's tests.\r\n\r\n"
    "Every route links places you can reach on foot in under an hour.",
    "Korte wandelingen door De Pijp en de Rivierenbuurt, geschreven voor de tests van gamepack.\r\n\r\n"
    "Elke route verbindt plekken die je in minder dan een uur te voet bereikt: café, markt en kerk.")
PROFILE_2 = texts(
    "East by Water", "Oost over water",
    "Walks along the old harbour islands east of the centre.",
    "Wandelingen langs de oude haveneilanden ten oosten van het centrum.")
REWARD_1 = texts("Canal Walker", "Grachtenloper", "Walked every stop of the trial route.",
                 "Alle stops van de proefroute gelopen.")


def version1(images):
    """The versioned file: profile 1 with routes 6, 4, 1 (in that order, like the shipped
    Android file) and profile 2 with route 2; route 1 carries the `"": null` quirk."""
    reward = {"id": 1}
    reward.update(REWARD_1)
    reward["image_data"] = images["reward"]
    return [
        profile(1, PROFILE_1, images["profile"], [
            route(6, texts("DRAFT", "", "draft route", ""), images["route6"], [], 1),
            route(4, texts("trial route", "trial route", "trial", ""), images["route4"],
                  [waypoint(0, 2, 4, images)], 1, reward=reward),
            route(1, texts("Park Loop", "Parkrondje"), images["route1"],
                  [waypoint(0, 3, 1, images), waypoint(1, 1, 1, images), waypoint(2, 2, 1, images)],
                  1, reward="quirk"),
        ]),
        profile(2, PROFILE_2, None, [
            route(2, texts("Harbour Route", "Havenroute", "From island to island.",
                           "Van eiland naar eiland."), None, [waypoint(0, 4, 2, images)], 2),
        ]),
    ]


def version2(v1, images):
    """The next version: profiles reordered, location 1 moved 0.009° north (about 1 km) with
    its English description edited (the Dutch one goes stale), route 4's Dutch name translated,
    the reward's image replaced, route 6 removed, and the `"": null` quirk gone."""
    profiles = copy.deepcopy(v1)
    p1 = profiles[0]
    p1["routes"] = [r for r in p1["routes"] if r["id"] != 6]
    for r in p1["routes"]:
        r.pop("", None)
        if r["id"] == 4:
            r["name_nl"] = "proefroute"
            r["reward"]["image_data"] = images["reward2"]
        for w in r["waypoints"]:
            if w["location_id"] == 1:
                w["latitude"] = "52.363512083"
                w["description_en"] = ("A small landscape park from the 1880s with a fountain and "
                                       "monument for Samuel Sarphati.")
    return [profiles[1], profiles[0]]


def content_version(profiles):
    """The README rule: MD5 of the compact JSON of `profiles`, non-ASCII as UTF-8."""
    compact = json.dumps(profiles, separators=(",", ":"), ensure_ascii=False)
    return hashlib.md5(compact.encode("utf-8")).hexdigest()


def write_versioned(path, profiles):
    document = {"version": content_version(profiles), "profiles": profiles}
    write_text(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return document["version"]


IOS_ORDER = {  # the early iOS bundle's key order (NSJSONSerialization's, not the server's)
    "profile": ["routes", "name_en", "id", "image_data", "name_nl", "icon_data", "description_nl",
                "description_en"],
    "route": ["name_en", "id", "image_data", "name_nl", "icon_data", "profile_id", "waypoints",
              "description_nl", "description_en"],
    "waypoint": ["name_en", "name_nl", "rank", "location_id", "route_id", "description_nl",
                 "description_en"],
}


def ios_unversioned(images):
    """Profile 1 with route 1 only, visiting locations 2 then 1; the waypoints have no
    latitude, longitude or image_data; older photos of the profile and the route."""
    def ordered(obj, kind):
        return {k: obj[k] for k in IOS_ORDER[kind]}

    waypoints = []
    for rank, location_id in enumerate([2, 1]):
        w = waypoint(rank, location_id, 1, images)
        waypoints.append(ordered(w, "waypoint"))
    r = route(1, texts("Park Loop", "Parkrondje"), images["route1-old"], waypoints, 1)
    p = profile(1, PROFILE_1, images["profile-old"], [ordered(r, "route")])
    return {"profiles": [ordered(p, "profile")]}


def make_gohike(out):
    folder = os.path.join(out, "gohike")
    images = {
        "profile": encode64(photo("canal", 1)),
        "profile-old": encode64(photo("canal", 2, 48, 32)),
        "route1": encode64(photo("park", 3)),
        "route1-old": encode64(photo("park", 4, 48, 32)),
        "route4": encode64(photo("market", 5)),
        "route6": encode64(photo("skyline", 6)),
        ("park", 11): encode64(photo("park", 11)),
        ("church", 12): encode64(photo("church", 12)),
        "reward": encode64(badge_png(40, outer=(212, 175, 55), inner=(46, 139, 87))),
        "reward2": encode64(badge_png(40, outer=(192, 192, 200), inner=(30, 90, 160))),
    }
    v1 = version1(images)
    version_1 = write_versioned(os.path.join(folder, "content-v1.json"), v1)
    version_2 = write_versioned(os.path.join(folder, "content-v2.json"), version2(v1, images))
    ios = json.dumps(ios_unversioned(images), indent=2, separators=(",", " : "), ensure_ascii=False)
    write_text(os.path.join(folder, "content-ios-unversioned.json"), ios.replace("/", "\\/") + "\n")

    write_text(os.path.join(folder, "README.md"), f"""\
# Go Take a Hike! v1 content files (test fixtures)

Written by `scripts/make-fixtures.py`; edit the script, not these files. The texts were written
for these fixtures and the images drawn by `scripts/genlib.py`; the shapes and quirks are those
of the content files the shipped apps carry (the format is described in `docs/publishing.md`'s
legacy API section and in `Sources/GamePackBuild/Build/Targets/GohikeTarget.swift`).

- `content-v1.json` (version `{version_1}`): profile 1 ("Zuid on Foot") with routes 6, 4
  and 1 in that order, profile 2 ("East by Water") with route 2; locations 1-4; reward 1 on
  route 4. `version` comes first and is the MD5 of the compact JSON of `profiles`
  (`json.dumps(profiles, separators=(',', ':'), ensure_ascii=False)`). Quirks: texts with
  `\\r\\n` and `\\r\\n\\r\\n`, doubled quotes and non-ASCII letters; route 1 has `"": null` where
  `"reward": null` was meant (the old server's template bug), routes 2 and 6 have no reward key;
  base64 wrapped at 60 characters with a final newline; JPEG photos, a PNG reward badge; location
  2 visited by two routes with the same photo; location 3 without photo; route 6 with no Dutch
  texts and no waypoints; route 4's Dutch name equal to its English one; latitude and longitude
  as strings, one with a trailing zero.
- `content-v2.json` (version `{version_2}`): the next version. Profiles in the order 2, 1;
  location 1 moved 0.009° north (about 1 km) and its English description edited; route 4's
  Dutch name translated; the reward badge replaced; route 6 removed; no `"": null`. Written
  exactly as the gohike build target writes, so a project imported from it builds to this
  version.
- `content-ios-unversioned.json`: an early iOS bundle. No `version` key; only profile 1 and
  route 1, whose waypoints visit locations 2 then 1 and have no `latitude`, `longitude` or
  `image_data`; older, smaller photos of the profile and the route; keys in another order,
  `" : "` separators and `/` written as `\\/` (Apple's JSON writer).
""")
    return version_1, version_2


# ---------------------------------------------------------------------------------------------
# Whack-A-VC Kinvey exports


def make_whackavc(out):
    folder = os.path.join(out, "whackavc")
    # One column, not quoted: the commas in phrases 8, 17 and 19 are part of the phrases.
    write_text(os.path.join(folder, "Phrases.csv"), "Phrase\n" + "".join(p + "\n" for p in PHRASES))
    rows = ["name,firm,twitter_handle,profileImageNameInBlob,gameImageNameInBlob"]
    for name, firm, handle, profile_image, game_image in VCS:
        rows.append(",".join([name, firm, handle or "NA", profile_image, game_image]))
    write_text(os.path.join(folder, "VC-Details.csv"), "\n".join(rows) + "\n")
    # Kinvey wrote lastModified as d/M/yyyy H:mm (no leading zeros).
    meta = ["lastModified,resourceName"]
    meta += [f"3/9/2012 9:05,{vc[4]}" for vc in VCS]
    meta += [f"3/9/2012 9:05,{vc[3]}" for vc in VCS]
    meta += [f"14/11/2012 17:30,{tone[0]}" for tone in SOUND_TONES]
    write_text(os.path.join(folder, "metaData.csv"), "\n".join(meta) + "\n")
    write_text(os.path.join(folder, "README.md"), f"""\
# Whack-A-VC Kinvey exports (test fixtures)

Written by `scripts/make-fixtures.py` from `scripts/whackavc_content.py` (invented people, firms
and phrases, shared with `examples/whack-a-vc`, whose generated images carry these blob names).
The shapes follow the game's Kinvey collection exports:

- `Phrases.csv`: {len(PHRASES)} phrases in one unquoted column `Phrase`; phrases
  {", ".join(str(i) for i, p in enumerate(PHRASES, 1) if "," in p)} contain a comma, which a CSV reader would take for a separator.
- `VC-Details.csv`: {len(VCS)} VCs, `name,firm,twitter_handle,profileImageNameInBlob,gameImageNameInBlob`;
  `NA` means no Twitter handle ({sum(1 for vc in VCS if not vc[2])} of them).
- `metaData.csv`: the blob store's metadata, `lastModified,resourceName`, {2 * len(VCS) + len(SOUND_TONES)}
  resources ({2 * len(VCS)} PNG images, {len(SOUND_TONES)} `.wav` sounds); `lastModified` is written
  `d/M/yyyy H:mm` without leading zeros, as Kinvey exported it.

There are no binaries: a Kinvey export has none.
""")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="the Fixtures folder to write gohike/ and whackavc/ into")
    args = ap.parse_args()
    v1, v2 = make_gohike(args.out)
    make_whackavc(args.out)
    print(f"wrote gohike (v1 {v1}, v2 {v2}) and whackavc fixtures under {args.out}")


if __name__ == "__main__":
    main()

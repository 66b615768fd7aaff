#!/usr/bin/env python3
"""The build peer of benchmarks/peers.sh: the gohike content.json as the old server made it.

    python3 benchmarks/peer_build.py PROJECT OUT_ZIP

Reads every item of the project's YAML files (PROJECT/content/COLLECTION/*.yaml, with PyYAML's
C loader, as gamepack reads them) and writes what `gamepack build --target gohike` writes into
its pack: content.json with `version` (MD5 of the compact JSON of `profiles`) first, profiles
with their routes, waypoints and rewards, images (files under PROJECT/assets) as base64 wrapped
at 60 characters (Ruby's `Base64.encode64`), stored in a ZIP. Positions keep the editor's
digits (the gohike target writes them as written). Otherwise standard library only: json,
base64, hashlib, zipfile. It prints the version, which peers.sh compares with gamepack's.
Needs PyYAML (benchmarks/requirements.txt).
"""

import base64
import hashlib
import json
import os
import re
import sys
import zipfile

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
POSITION = re.compile(r"^position: \{latitude: ([-0-9.]+), longitude: ([-0-9.]+)\}$", re.M)


def read_items(project):
    """{collection: [item, ...]} of every YAML item under PROJECT/content; a position as
    `latitude_text`/`longitude_text`, the digits as the file writes them."""
    items = {}
    content = os.path.join(project, "content")
    for collection in sorted(os.listdir(content)):
        folder = os.path.join(content, collection)
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            item = yaml.load(text, Loader=Loader)
            match = POSITION.search(text)
            if match:
                item["position"] = {"latitude_text": match.group(1), "longitude_text": match.group(2)}
            items.setdefault(collection, []).append(item)
    return items


def main():
    project, out = sys.argv[1:3]
    items = read_items(project)
    assets = os.path.join(project, "assets")

    def image(item, key):
        path = item.get(key)
        if not path:
            return None
        with open(os.path.join(assets, path), "rb") as f:
            encoded = base64.b64encode(f.read()).decode("ascii")
        return "".join(encoded[i:i + 60] + "\n" for i in range(0, len(encoded), 60))

    def texts(item):
        out = {}
        for field in ("name", "description"):
            for locale in ("en", "nl"):
                out[f"{field}_{locale}"] = (item.get(field) or {}).get(locale, "")
        return out

    def order(item):
        return (item.get("order", sys.maxsize), item["id"])

    locations = {item["id"]: item for item in items.get("locations", [])}
    rewards = {item["id"]: item for item in items.get("rewards", [])}
    profiles = []
    for profile in sorted(items.get("profiles", []), key=order):
        routes = []
        for route in sorted((r for r in items.get("routes", []) if r["profile"] == profile["id"]), key=order):
            waypoints = []
            for rank, location_id in enumerate(route.get("waypoints", [])):
                location = locations.get(location_id)
                if location is None:
                    continue
                position = location.get("position", {})
                waypoints.append({"rank": rank, "location_id": location["id"], **texts(location),
                                  "latitude": position.get("latitude_text", ""),
                                  "longitude": position.get("longitude_text", ""),
                                  "image_data": image(location, "image"), "route_id": route["id"]})
            entry = {"id": route["id"], **texts(route), "image_data": image(route, "image"),
                     "icon_data": image(route, "icon"), "waypoints": waypoints, "profile_id": profile["id"]}
            reward = rewards.get(route.get("reward"))
            if reward is not None:
                entry["reward"] = {"id": reward["id"], **texts(reward), "image_data": image(reward, "image")}
            routes.append(entry)
        profiles.append({"id": profile["id"], **texts(profile), "image_data": image(profile, "image"),
                         "icon_data": image(profile, "icon"), "routes": routes})

    body = json.dumps(profiles, separators=(",", ":"), ensure_ascii=False)
    version = hashlib.md5(body.encode("utf-8")).hexdigest()
    content = ('{"version":"' + version + '","profiles":' + body + "}").encode("utf-8")
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        archive.writestr("gohike/content.json", content)
        archive.writestr("manifest.json", json.dumps({
            "version": version, "files": [{"path": "gohike/content.json", "size": len(content),
                                           "md5": hashlib.md5(content).hexdigest()}]}))
    print(version)


if __name__ == "__main__":
    main()

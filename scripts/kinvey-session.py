#!/usr/bin/env python3
"""A Whack-A-VC session against a Kinvey-compatible API, written from Kinvey's REST
documentation only (no gamepack code): the app handshake, every phrase, the VC details, and
each VC's two image blobs: their metadata, then the bytes, kept in a cache folder. A blob is
downloaded again only when its content hash differs from the cached copy's, so an image
replaced under the same name is noticed (Kinvey-era clients compared names and lastModified).

    kinvey-session.py BASE_URL APP_KEY APP_SECRET CACHE_DIR

Prints one JSON object: {"greeting", "phrases", "vcs", "downloaded": [names], "kept": [names]}.
Exit status 1 when the server answers something a Kinvey client could not use.
"""
import hashlib
import json
import os
import sys

import requests


def fail(message):
    print(f"kinvey-session: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    base, key, secret, cache = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3], sys.argv[4]
    os.makedirs(cache, exist_ok=True)
    session = requests.Session()
    session.auth = (key, secret)  # HTTP Basic appKey:appSecret, as Kinvey's app-level auth
    session.headers["X-Kinvey-API-Version"] = "3"

    def get(path, **params):
        answer = session.get(f"{base}{path}", params=params, timeout=10)
        if answer.status_code != 200:
            fail(f"GET {path} answered {answer.status_code}: {answer.text[:300]}")
        return answer.json()

    hello = get(f"/appdata/{key}")
    if not str(hello.get("kinvey", "")).startswith("hello "):
        fail(f"the handshake is not Kinvey's: {hello}")

    phrases = get(f"/appdata/{key}/phrases")
    for phrase in phrases:
        if not isinstance(phrase.get("Phrase"), str) or "_id" not in phrase:
            fail(f"a phrase without _id or Phrase: {phrase}")
        if "lmt" not in phrase.get("_kmd", {}) or "ect" not in phrase["_kmd"] or "_acl" not in phrase:
            fail(f"a phrase without _kmd.lmt/ect or _acl: {phrase}")

    vcs = get(f"/appdata/{key}/VC-Details", sort=json.dumps({"name": 1}))
    names = [vc["name"] for vc in vcs]
    if names != sorted(names):
        fail("VC-Details sorted by name is not in name order")

    index_path = os.path.join(cache, "index.json")
    index = json.load(open(index_path)) if os.path.exists(index_path) else {}
    downloaded, kept = [], []
    for vc in vcs:
        for field in ("profileImageNameInBlob", "gameImageNameInBlob"):
            name = vc.get(field)
            if not name:
                fail(f"VC {vc['_id']} has no {field}")
            files = get(f"/blob/{key}", query=json.dumps({"_filename": name}))
            if len(files) != 1:
                fail(f"blob {name}: {len(files)} files")
            meta = get(f"/blob/{key}/{files[0]['_id']}")
            for member in ("_id", "_filename", "_downloadURL", "size", "mimeType", "_kmd", "_acl"):
                if member not in meta:
                    fail(f"blob {name} metadata lacks {member}: {meta}")
            if index.get(name) == meta["sha256"] and os.path.exists(os.path.join(cache, meta["sha256"])):
                kept.append(name)
                continue
            body = requests.get(meta["_downloadURL"], timeout=10)
            if body.status_code != 200:
                fail(f"download of {name} answered {body.status_code}")
            if hashlib.sha256(body.content).hexdigest() != meta["sha256"] or len(body.content) != meta["size"]:
                fail(f"download of {name} does not match its metadata")
            with open(os.path.join(cache, meta["sha256"]), "wb") as out:
                out.write(body.content)
            index[name] = meta["sha256"]
            downloaded.append(name)
    json.dump(index, open(index_path, "w"), indent=1, sort_keys=True)
    print(json.dumps({
        "greeting": hello["kinvey"], "phrases": len(phrases), "vcs": len(vcs),
        "downloaded": sorted(set(downloaded)), "kept": sorted(set(kept)),
    }))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Turns a generated project's YAML items into the build peer's input (not timed).

    python3 benchmarks/peer_items.py PROJECT OUT_JSON

One JSON object {collection: [item, ...]} of every item under PROJECT/content; positions keep
the editor's digits as `latitude_text`/`longitude_text` (the gohike target writes them as
written). Needs PyYAML (benchmarks/requirements.txt).
"""

import json
import os
import re
import sys

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
POSITION = re.compile(r"^position: \{latitude: ([-0-9.]+), longitude: ([-0-9.]+)\}$", re.M)


def main():
    project, out = sys.argv[1:3]
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
    with open(out, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False)


if __name__ == "__main__":
    main()

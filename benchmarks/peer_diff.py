#!/usr/bin/env python3
"""The diff peer of benchmarks/peers.sh: DeepDiff of two gohike content.json files.

    python3 benchmarks/peer_diff.py OLD_JSON NEW_JSON OUT_JSON

Loads both with `json`, compares them with `deepdiff.DeepDiff(..., ignore_order=True)` (the
profiles, routes and waypoints may come in another order) and writes the differences as JSON.
Prints how many paths changed.
"""

import json
import sys

from deepdiff import DeepDiff


def main():
    old_path, new_path, out = sys.argv[1:4]
    with open(old_path, encoding="utf-8") as f:
        old = json.load(f)
    with open(new_path, encoding="utf-8") as f:
        new = json.load(f)
    diff = DeepDiff(old, new, ignore_order=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(diff.to_json())
    print(sum(len(v) if hasattr(v, "__len__") else 1 for v in diff.values()))


if __name__ == "__main__":
    main()

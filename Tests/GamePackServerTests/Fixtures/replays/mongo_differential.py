#!/usr/bin/env python3
"""Differential test of a Kinvey-style query API (issue 29) against an independent oracle.

Random queries over the real field names and value types of a collection are sent to
`GET /appdata/{appKey}/{collection}/?query=…&sort=…&fields=…&skip=…&limit=…` (Kinvey's REST
parameters, JSON percent-encoded as KinveyKit does) and answered again by mongomock (an
independent, pure-Python MongoDB query implementation from PyPI; version pinned in
requirements-test.txt). Geo queries are answered by brute force (haversine, or flat geometry
where MongoDB documents flat geometry). The ids must agree in order, and the projected fields.

    mongo_differential.py --base-url URL --app-key KEY (--app-secret S | --username U --password P
        | --authtoken T) --collection NAME --documents FILE.json [-n 1000] [--seed 29]

    mongo_differential.py --oracle-only --documents FILE.json ...   no server: prints each query
        and the oracle's answer (to check the generator is deterministic for a seed)

FILE.json is a JSON array of the collection's entities exactly as the server holds them (with
`_id`). Prints the number of queries run and agreements, and each disagreement (query, both
answers). Exit status 1 on any disagreement, 2 on bad arguments.

Written from MongoDB's and Kinvey's documentation, not from gamepack's sources. Where MongoDB's
semantics are subtle the oracle follows MongoDB's documented behaviour, and where mongomock 4.3.0
departs from it the query is rewritten for mongomock or not generated; each case is commented
at `oracle_rewrite` and `Generator`.
"""
import argparse
import json
import math
import random
import sys
import urllib.parse

import mongomock

from mongo_oracle import GeoOracle, Oracle, catalog, geo_point  # the same folder

OPERATORS = ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$size", "$exists",
             "$and", "$or", "$nor", "$not", "$regex", "$options"]
GEO_OPERATORS = ["$near", "$nearSphere", "$geoWithin", "$centerSphere", "$box", "$polygon", "$geometry"]
# Strings the issue names: prefixes on emoji (a ZWJ sequence cut after its first code point),
# decomposed accents (e + U+0301 against precomposed é) and \r\n. Regexes built from them are
# sent whether or not the documents hold such text; the summary says how many matched anything.
PROBES = ["\U0001F469", "\U0001F469\u200d", "e\u0301", "\u00e9", "\r\n", "\r", "\n", "\u00c9", "E\u0301"]
REGEX_META = set("\\^$.|?*+()[]{}")


def regex_escape(text):
    """Escapes only regex metacharacters, leaving \\r, \\n, emoji and accents literal: the same
    pattern then means the same thing to PCRE (MongoDB) and to Python's re (mongomock)."""
    return "".join("\\" + c if c in REGEX_META else c for c in text)


class Generator:
    """Random queries over the documents' real paths and values, repeatable for a seed."""

    def __init__(self, rng, cat, geo_field, geo_docs):
        self.rng, self.cat, self.geo_field, self.geo_docs = rng, cat, geo_field, geo_docs
        self.paths = sorted(p for p in cat if p != geo_field and not p.startswith(geo_field + "."))
        self.string_paths = [p for p in self.paths if cat[p]["strings"]]
        self.array_paths = [p for p in self.paths if cat[p]["arrays"]]
        self.sortable = [p for p in self.paths if p != "_id"]
        # every path ever seen, plus one that never exists (missing-field semantics)
        self.exists_paths = self.paths + [geo_field, "noSuchField", self.paths[0] + ".nope" if self.paths else "x.y"]

    def value(self, path):
        """A value for a comparison on path: one of its own (mostly), one from another path
        (comparison across BSON types), or null. Never a bool against a path holding numbers
        nor a number against a path holding bools: mongomock treats true == 1, MongoDB does
        not (bool and number are different BSON types), so such queries are not generated."""
        rng, info = self.rng, self.cat[path]
        r = rng.random()
        if r < 0.8 and info["scalars"]:
            v = rng.choice(info["scalars"])
        elif r < 0.92:
            other = self.cat[rng.choice(self.paths)]
            v = rng.choice(other["scalars"]) if other["scalars"] else None
        elif r < 0.96:
            v = None
        else:
            v = rng.choice([0, -1, 1.5, 10 ** 6, "", "zzz", "A"])
        if self.bool_number_clash(info, v):
            v = rng.choice(info["scalars"]) if info["scalars"] else "x"
        return "x" if self.bool_number_clash(info, v) else v

    @staticmethod
    def bool_number_clash(info, v):
        return isinstance(v, bool) and info["numbers"] or _is_number(v) and info["bools"]

    def values(self, path, k):
        return [self.value(path) for _ in range(k)]

    def regex(self, path):
        rng = self.rng
        strings = self.cat[path]["strings"]
        text = rng.choice(strings) if strings and rng.random() < 0.9 else rng.choice(PROBES)
        if rng.random() < 0.12:
            text = rng.choice(PROBES) + (text if rng.random() < 0.5 else "")
        kind = rng.choice(["prefix", "prefix", "substring", "suffix", "line", "icase"])
        n = len(text)
        k = rng.randint(1, max(1, min(n, 6)))
        options = rng.choice(["", "", "i", "m", "im"])
        if kind == "prefix":
            pattern = "^" + regex_escape(text[:k])
        elif kind == "substring":
            i = rng.randint(0, max(0, n - k))
            pattern = regex_escape(text[i:i + k])
        elif kind == "suffix":
            # `$` is generated only without the m option: with m, PCRE's and Python's ideas of a
            # line end differ around \r (PCRE's newline convention is a build setting)
            pattern, options = regex_escape(text[-k:]) + "$", options.replace("m", "")
        elif kind == "line":
            lines = text.split("\n")
            line = rng.choice(lines)
            pattern, options = "^" + regex_escape(line[:k]), options + ("m" if "m" not in options else "")
        else:
            # case-insensitive: flip the case of ASCII letters only (Unicode case folding of
            # Python's re and PCRE agree on ASCII; beyond it both fold simple cases)
            lit = "".join(c.swapcase() if c.isascii() else c for c in text[:k])
            pattern, options = "^" + regex_escape(lit), "i" + options.replace("i", "")
        cond = {"$regex": pattern}
        if options or rng.random() < 0.3:
            cond["$options"] = options
        return cond

    def field_condition(self, path):
        """One condition on one path: a value (implicit equality) or an operator document."""
        rng, info = self.rng, self.cat[path]
        choices = ["eq", "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "range", "$in", "$nin", "$exists", "$not"]
        if info["strings"]:
            choices += ["$regex", "$regex", "$regex"]
        if info["arrays"]:
            choices += ["$all", "$all", "eqarray"]
            if not info["under_array"]:
                choices += ["$size", "$size"]  # $size only where no array is crossed (see oracle_rewrite)
        op = rng.choice(choices)
        if op == "eq":
            return self.value(path)
        if op == "eqarray":
            return rng.choice(info["arrays"])  # an exact array, in its stored order
        if op in ("$eq", "$ne", "$gt", "$gte", "$lt", "$lte"):
            return {op: self.value(path)}
        if op == "range":
            lo, hi = sorted([v for v in self.values(path, 2)], key=_loose_key)
            return {rng.choice(["$gt", "$gte"]): lo, rng.choice(["$lt", "$lte"]): hi}
        if op in ("$in", "$nin"):
            return {op: self.values(path, rng.randint(0 if rng.random() < 0.05 else 1, 4))}
        if op == "$exists":
            return {"$exists": rng.random() < 0.5}
        if op == "$regex":
            return self.regex(path)
        if op == "$all":
            elems = [e for a in info["arrays"] for e in a
                     if not isinstance(e, (list, dict)) and not self.bool_number_clash(info, e)]
            # never nested arrays inside $all: mongomock does not match {$all: [[a, b]]} as
            # MongoDB does (an array element equal to [a, b])
            k = 0 if rng.random() < 0.03 else rng.randint(1, 3)
            return {"$all": [rng.choice(elems) for _ in range(k)] if elems else []}
        if op == "$size":
            sizes = [len(a) for a in info["arrays"]] + [0, 1, 2, 3]
            return {"$size": rng.choice(sizes)}
        inner = self.field_condition(path)  # $not
        if not isinstance(inner, dict) or "$not" in inner or "$exists" in inner:
            inner = {"$gt": self.value(path)}
        return {"$not": inner}

    def query(self, depth=0):
        rng = self.rng
        r = rng.random()
        if depth < 2 and r < 0.25:
            op = rng.choice(["$and", "$or", "$nor"])
            return {op: [self.query(depth + 1) for _ in range(rng.randint(1, 3))]}
        if r < 0.3 and depth == 0:
            return {}
        if r < 0.36:
            return {rng.choice(self.exists_paths): {"$exists": rng.random() < 0.5}}
        paths = rng.sample(self.paths, min(len(self.paths), rng.choice([1, 1, 1, 1, 1, 2, 2, 2, 3])))
        return {p: self.field_condition(p) for p in paths}

    def sort(self):
        """Several keys in a given order, directions mixed; `_id` last as the tie-breaker MongoDB
        needs for a defined order (documents equal on every key come in no promised order)."""
        rng = self.rng
        if rng.random() < 0.15:
            return None
        keys = rng.sample(self.sortable, min(len(self.sortable), rng.randint(1, 3)))
        if rng.random() < 0.1:
            keys.append("noSuchField")
        spec = {k: rng.choice([1, -1]) for k in keys}
        spec["_id"] = rng.choice([1, -1])
        return spec

    def fields(self):
        rng = self.rng
        if rng.random() < 0.6:
            return None
        chosen = []
        for p in rng.sample(self.paths, min(len(self.paths), rng.randint(1, 3))):
            # no path that is a prefix of another: MongoDB 4.4+ refuses such a projection
            if all(not (p + ".").startswith(c + ".") and not (c + ".").startswith(p + ".") for c in chosen):
                chosen.append(p)
        return chosen

    def skip_limit(self, total):
        rng = self.rng
        skip = rng.choice([None, None, None, 0, 1, rng.randint(0, max(1, total // 4))])
        if rng.random() < 0.03:
            skip = total + 1  # past the end: nothing
        limit = rng.choice([None, None, 0, 1, 2, rng.randint(1, max(1, total))])
        return skip, limit

    def geo(self):
        """A geo condition on the geo field around a document's point; see GeoOracle for the
        units and geometry of each form."""
        rng = self.rng
        lng, lat = rng.choice(self.geo_docs)[1]
        lng += rng.uniform(-0.02, 0.02)
        lat += rng.uniform(-0.02, 0.02)
        centre = [round(lng, 6), round(lat, 6)]
        point = {"type": "Point", "coordinates": centre}
        km = rng.choice([1, 2, 5, 10, 20, 50, 500])
        form = rng.choice(["nearSphere", "nearSphereGeoJSON", "near", "nearGeoJSON", "centerSphere",
                           "box", "polygon", "geometryPolygon"])
        if form == "nearSphere":  # Kinvey: legacy pair, $maxDistance in miles
            cond = {"$nearSphere": centre}
            if rng.random() < 0.85:
                cond["$maxDistance"] = rng.choice([1, round(km / 1.609344, 3)])
        elif form == "nearSphereGeoJSON":
            cond = {"$nearSphere": {"$geometry": point, "$maxDistance": km * 1000}}
        elif form == "near":
            cond = {"$near": centre, "$maxDistance": round(km / 111.0, 6)}
        elif form == "nearGeoJSON":
            cond = {"$near": {"$geometry": point, "$maxDistance": km * 1000}}
        elif form == "centerSphere":
            cond = {"$geoWithin": {"$centerSphere": [centre, km / 6378.1]}}
        elif form == "box":
            d = km / 111.0
            cond = {"$geoWithin": {"$box": [[centre[0] - d, centre[1] - d / 2], [centre[0] + d, centre[1] + d]]}}
        else:
            d = min(km, 20) / 111.0
            ring = [[centre[0] - d, centre[1] - d], [centre[0] + d, centre[1] - d * 0.8],
                    [centre[0] + d * 0.2, centre[1] + d], [centre[0] - d * 0.9, centre[1] + d * 0.3]]
            ring = [[round(x, 6), round(y, 6)] for x, y in ring]
            if form == "polygon":
                cond = {"$geoWithin": {"$polygon": ring}}
            else:
                cond = {"$geoWithin": {"$geometry": {"type": "Polygon", "coordinates": [ring + [ring[0]]]}}}
        return {self.geo_field: cond}


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _loose_key(v):
    return (str(type(v)), str(v))


def kinvey_escape(text):
    """KinveyKit's stringByPercentEncoding: every character but A-Z a-z 0-9 - _ . ~ escaped,
    UTF-8 (so `+` arrives as %2B and a space as %20)."""
    return urllib.parse.quote(text, safe="-_.~")


def request_params(query, sort, fields, skip, limit):
    parts = []
    if query is not None:
        parts.append("query=" + kinvey_escape(json.dumps(query, ensure_ascii=False, separators=(",", ":"))))
    if sort is not None:
        parts.append("sort=" + kinvey_escape(json.dumps(sort, separators=(",", ":"))))
    if fields is not None:
        parts.append("fields=" + kinvey_escape(",".join(fields)))
    if skip is not None:
        parts.append(f"skip={skip}")
    if limit is not None:
        parts.append(f"limit={limit}")
    return "&".join(parts)


def server_answer(session, url):
    import requests  # only needed against a server
    try:
        answer = session.get(url, timeout=30)
    except requests.RequestException as error:
        return None, f"request failed: {error}"
    if answer.status_code != 200:
        return None, f"HTTP {answer.status_code}: {answer.text[:300]}"
    try:
        body = answer.json()
    except ValueError:
        return None, f"not JSON: {answer.text[:300]}"
    if not isinstance(body, list) or not all(isinstance(e, dict) and "_id" in e for e in body):
        return None, f"not a JSON array of entities: {answer.text[:300]}"
    return body, None


def strip_system(entity, fields):
    """The server may add Kinvey's _acl and _kmd to a projection; only a requested one counts."""
    keep = set(fields or [])
    return {k: v for k, v in entity.items() if k not in ("_acl", "_kmd") or any(
        f == k or f.startswith(k + ".") for f in keep)}


def compare(expected, got, fields, near_distances, ordered):
    """None when the answers agree, else the reason. near_distances: id -> distance when the
    order is by distance (ties may come in any order, so distances are compared by position).
    Without a sort (and not $near) MongoDB promises no order: the ids are compared as sets."""
    exp_ids = [e["_id"] for e in expected]
    got_ids = [e["_id"] for e in got]
    if not ordered:
        expected = sorted(expected, key=lambda e: repr(e["_id"]))
        got = sorted(got, key=lambda e: repr(e["_id"]))
        exp_ids, got_ids = [e["_id"] for e in expected], [e["_id"] for e in got]
    if near_distances is not None:
        if len(got_ids) != len(exp_ids) or len(set(got_ids)) != len(got_ids):
            return "different number of entities"
        for i, (a, b) in enumerate(zip(got_ids, exp_ids)):
            if a not in near_distances or not math.isclose(near_distances[a], near_distances[b], rel_tol=1e-9, abs_tol=1e-12):
                return f"position {i}: {a!r} is not at the expected distance (expected {b!r})"
        by_id = {e["_id"]: e for e in expected}
        expected = [by_id[i] for i in got_ids]
    elif got_ids != exp_ids:
        first = next((i for i, (a, b) in enumerate(zip(got_ids, exp_ids)) if a != b), min(len(got_ids), len(exp_ids)))
        return f"ids differ from position {first} (oracle {len(exp_ids)} entities, server {len(got_ids)})"
    if fields is not None:
        for e, g in zip(expected, got):
            if strip_system(g, fields) != e:
                return f"projection of {e['_id']!r} differs: expected {json.dumps(e, ensure_ascii=False)[:300]}, got {json.dumps(g, ensure_ascii=False)[:300]}"
    return None


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--base-url")
    p.add_argument("--app-key")
    p.add_argument("--app-secret", help="Basic appKey:appSecret")
    p.add_argument("--username", help="Basic username:password (KinveyKit 1.x user)")
    p.add_argument("--password")
    p.add_argument("--authtoken", help="Authorization: Kinvey <authtoken> (later SDKs)")
    p.add_argument("--collection")
    p.add_argument("--documents", required=True, help="JSON array of the collection's entities")
    p.add_argument("-n", "--queries", type=int, default=1000)
    p.add_argument("--seed", type=int, default=29)
    p.add_argument("--geo-field", default="_geoloc")
    p.add_argument("--geo-share", type=float, default=0.15, help="share of geo queries (when documents have points)")
    p.add_argument("--near-sphere-unit", choices=["miles", "radians"], default="miles",
                   help="unit of $maxDistance with a legacy $nearSphere pair: Kinvey documents miles, MongoDB radians")
    p.add_argument("--oracle-only", action="store_true", help="no server: print queries and the oracle's ids")
    p.add_argument("--api-version", default="3", help="X-Kinvey-API-Version to send")
    p.add_argument("--max-reported", type=int, default=50)
    args = p.parse_args(argv)
    if not args.oracle_only:
        missing = [n for n in ("base_url", "app_key", "collection") if not getattr(args, n)]
        if missing or not (args.app_secret or args.username or args.authtoken):
            p.error("against a server: --base-url, --app-key, --collection and one of --app-secret, "
                    "--username/--password, --authtoken")
    return args


def make_session(args):
    import requests
    session = requests.Session()
    session.headers["X-Kinvey-API-Version"] = args.api_version
    if args.authtoken:
        session.headers["Authorization"] = f"Kinvey {args.authtoken}"
    elif args.username:
        session.auth = (args.username, args.password or "")
    else:
        session.auth = (args.app_key, args.app_secret)
    return session


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    with open(args.documents, encoding="utf-8") as f:
        documents = json.load(f)
    if not isinstance(documents, list) or not documents or not all(isinstance(d, dict) and "_id" in d for d in documents):
        print("mongo_differential: --documents must be a non-empty JSON array of entities with _id", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    oracle = Oracle(documents, mongomock.MongoClient().db.collection)
    geo_docs = [(d["_id"], geo_point(d.get(args.geo_field))) for d in documents]
    geo_docs = [(i, pt) for i, pt in geo_docs if pt is not None]
    geo = GeoOracle(oracle, args.geo_field, geo_docs, args.near_sphere_unit)
    gen = Generator(rng, catalog(documents), args.geo_field, geo_docs)
    session = None if args.oracle_only else make_session(args)
    base = None if args.oracle_only else f"{args.base_url.rstrip('/')}/appdata/{args.app_key}/{args.collection}/"
    agreements, disagreements, used, probe_hits = 0, [], {}, 0
    for number in range(1, args.queries + 1):
        is_geo = geo_docs and rng.random() < args.geo_share
        if is_geo:
            query, tries = gen.geo(), 0
            while geo.ambiguous(query) and tries < 20:  # a point on a boundary: draw again
                query, tries = gen.geo(), tries + 1
            if rng.random() < 0.3:  # geo AND a plain condition on other paths
                query.update({k: v for k, v in gen.query(depth=2).items() if k != args.geo_field})
        else:
            query = gen.query()
        sort, fields = gen.sort(), gen.fields()
        skip, limit = gen.skip_limit(len(documents))
        if sort is None and not is_geo_near(query, args.geo_field) and (skip or limit):
            sort = {"_id": 1}  # skip/limit without an order answer an unspecified subset
        text = json.dumps(query, ensure_ascii=False)
        for op in OPERATORS + GEO_OPERATORS:
            if f'"{op}"' in text:
                used[op] = used.get(op, 0) + 1
        if any(p in text for p in ("\\r\\n", "\U0001F469", "\u0301")):
            probe_hits += 1
        if is_geo:
            expected, distances = geo.find(query, sort, fields, skip, limit)
        else:
            expected, distances = oracle.find(query, sort, fields, skip, limit), None
        params = request_params(query, sort, fields, skip, limit)
        if args.oracle_only:
            print(f"{number}\t{params}\t{json.dumps([e['_id'] for e in expected], ensure_ascii=False)}")
            continue
        got, error = server_answer(session, base + "?" + params)
        reason = error or compare(expected, got, fields, distances, sort is not None or distances is not None)
        if reason is None:
            agreements += 1
            continue
        disagreements.append((number, params, query, sort, fields, skip, limit, expected, got, reason))
    if args.oracle_only:
        return 0
    print(f"queries run: {args.queries}")
    print(f"agreements: {agreements}")
    print(f"disagreements: {len(disagreements)}")
    print("operators used (queries): " + ", ".join(f"{op} {used.get(op, 0)}" for op in OPERATORS + GEO_OPERATORS))
    print(f"queries with an emoji, decomposed accent or \\r\\n: {probe_hits}")
    for number, params, query, sort, fields, skip, limit, expected, got, reason in disagreements[:args.max_reported]:
        print(f"--- query {number}: {reason}")
        print(f"    query={json.dumps(query, ensure_ascii=False)} sort={json.dumps(sort)} fields={fields} skip={skip} limit={limit}")
        print(f"    GET …/?{params}")
        print(f"    oracle: {json.dumps([e['_id'] for e in expected], ensure_ascii=False)}")
        print(f"    server: {json.dumps([e['_id'] for e in got], ensure_ascii=False) if got is not None else reason}")
    return 1 if disagreements else 0


def is_geo_near(query, geo_field):
    cond = query.get(geo_field)
    return isinstance(cond, dict) and ("$near" in cond or "$nearSphere" in cond)


if __name__ == "__main__":
    sys.exit(main())

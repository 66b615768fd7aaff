"""The oracle of mongo_differential.py: mongomock for filters and projections, MongoDB's
documented sort order, and brute-force geometry for geo queries.

MongoDB semantics followed here (MongoDB manual: "Comparison/Sort Order", "$size", "$all",
"Query for Null or Missing Fields", "cursor.sort()", "$near", "$nearSphere", "$geoWithin"):

- Comparison across types: `$gt $gte $lt $lte` only match values of the query value's BSON type
  bracket (numbers are one bracket); mongomock does the same. `true` and `1` are different types
  (mongomock 4.3.0 treats them as equal, so the generator never compares a bool with a path that
  holds numbers or the reverse).
- null: `{f: null}` and `{f: {$gte: null}}`, `{f: {$lte: null}}` match null and missing fields;
  `$gt`/`$lt` null match nothing. mongomock 4.3.0 misses the `$gte`/`$lte` case: rewritten.
- `$size` matches arrays only, never a scalar or string (mongomock 4.3.0 matches some scalars):
  rewritten as `$size` AND `$type: "array"`, generated only on paths that cross no array.
- `{f: {$not: {$regex: p, $options: o}}}` (MongoDB 4.0.7+) is refused by mongomock 4.3.0: given
  to it as the equivalent `{$nor: [{f: {$regex: p, $options: o}}]}` (both match a missing f).
- `$all: []` matches nothing (mongomock matches everything): rewritten as `$in: []`.
- Several operators on one field hold independently over an array's elements (MongoDB's "a
  combination of elements satisfies the criteria", also through arrays of subdocuments);
  mongomock 4.3.0 applies them together to each subdocument: given to it one operator each.
- Sort: a missing field sorts as null; an empty array sorts below null; an array sorts by its
  smallest element ascending and its largest descending (mongomock 4.3.0 uses the smallest both
  ways, so the sort is done here); across types the BSON order null < numbers < strings <
  objects < arrays < booleans; strings by code point (MongoDB's binary UTF-8 comparison without a
  collation). Ties are broken by the `_id` key every generated sort ends with.
- `limit=0` means no limit; `skip` past the end gives nothing.
"""
import copy
import functools
import math

MISSING = object()
EMPTY_ARRAY = object()
EARTH_RADIUS_M = 6378100.0   # MongoDB's radius for GeoJSON distances in metres
EARTH_RADIUS_MI = 3963.2     # the same radius in miles (Kinvey's $maxDistance unit)


def _scalar_key(value):
    return (type(value).__name__, repr(value))


def catalog(documents):
    """path -> {"scalars", "strings", "arrays", "numbers", "bools", "under_array"} over every
    dotted path of every document, array elements included."""
    cat = {}

    def entry(path):
        return cat.setdefault(path, {"scalars": {}, "strings": {}, "arrays": [], "numbers": False,
                                     "bools": False, "under_array": False})

    def add(e, v):
        e["scalars"][_scalar_key(v)] = v
        if isinstance(v, str):
            e["strings"][v] = v
        e["bools"] |= isinstance(v, bool)
        e["numbers"] |= isinstance(v, (int, float)) and not isinstance(v, bool)

    def walk(value, path, under_array):
        e = entry(path)
        e["under_array"] |= under_array
        if isinstance(value, list):
            e["arrays"].append(value)
            for el in value:
                if isinstance(el, dict):
                    for k, v in el.items():
                        walk(v, f"{path}.{k}", True)
                elif not isinstance(el, list):
                    add(e, el)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{path}.{k}", under_array)
        else:
            add(e, value)

    for doc in documents:
        for k, v in doc.items():
            walk(v, k, False)
    for e in cat.values():
        e["scalars"] = list(e["scalars"].values())
        e["strings"] = list(e["strings"].values())
    return cat


def oracle_rewrite(query):
    """The query mongomock must be given to answer as MongoDB does (see the module comment)."""
    parts = []
    for key, value in query.items():
        if key in ("$and", "$or", "$nor"):
            parts.append({key: [oracle_rewrite(q) for q in value]})
        elif isinstance(value, dict) and value and all(k.startswith("$") for k in value):
            parts.extend(_rewrite_field(key, value))
        else:
            parts.append({key: value})
    if not parts:
        return {}
    return parts[0] if len(parts) == 1 else {"$and": parts}


def _rewrite_field(path, ops):
    ops, extra = dict(ops), []
    if "$size" in ops:
        extra += [{path: {"$size": ops.pop("$size")}}, {path: {"$type": "array"}}]
    if ops.get("$all", None) == []:
        ops.pop("$all")
        extra.append({path: {"$in": []}})
    for op in ("$gte", "$lte"):
        if op in ops and ops[op] is None:
            ops.pop(op)
            extra.append({path: None})
    if "$not" in ops:
        inner = ops.pop("$not")
        rewritten = _rewrite_field(path, inner) if isinstance(inner, dict) else [{path: inner}]
        if rewritten == [{path: inner}] and not (isinstance(inner, dict) and "$options" in inner):
            ops["$not"] = inner
        else:
            extra.append({"$nor": [{"$and": rewritten}]})
    # Each operator on its own: MongoDB evaluates the operators of one field independently over
    # an array's elements ("a combination of elements satisfies the criteria": {"a.b": {$gte: 2,
    # $lt: 6}} matches a: [{b: 1}, {b: 7}]); mongomock 4.3.0 applies them together to each
    # subdocument of an array, like $elemMatch. $options stays with its $regex.
    split = [{path: {op: value, **({"$options": ops["$options"]} if op == "$regex" and "$options" in ops else {})}}
             for op, value in ops.items() if op != "$options" or "$regex" not in ops]
    return split + extra


def _type_rank(v):
    if v is EMPTY_ARRAY:
        return 0
    if v is None or v is MISSING:
        return 1
    if isinstance(v, bool):
        return 6
    if isinstance(v, (int, float)):
        return 2
    if isinstance(v, str):
        return 3
    if isinstance(v, dict):
        return 4
    return 5  # list


def bson_cmp(a, b):
    """MongoDB's order of two values (BSON comparison order)."""
    ra, rb = _type_rank(a), _type_rank(b)
    if ra != rb:
        return -1 if ra < rb else 1
    if ra in (0, 1):
        return 0
    if ra == 4:
        for (ka, va), (kb, vb) in zip(a.items(), b.items()):
            c = (_type_rank(va) > _type_rank(vb)) - (_type_rank(va) < _type_rank(vb)) or (ka > kb) - (ka < kb) or bson_cmp(va, vb)
            if c:
                return c
        return (len(a) > len(b)) - (len(a) < len(b))
    if ra == 5:
        for x, y in zip(a, b):
            c = bson_cmp(x, y)
            if c:
                return c
        return (len(a) > len(b)) - (len(a) < len(b))
    return (a > b) - (a < b)


def path_values(value, parts):
    """The values a dotted path reaches, through arrays of subdocuments (MongoDB's traversal);
    an element without the field counts as missing."""
    if not parts:
        return [value]
    head, rest = parts[0], parts[1:]
    if isinstance(value, dict):
        return path_values(value[head], rest) if head in value else [MISSING]
    if isinstance(value, list):
        if head.isdigit() and int(head) < len(value):
            return path_values(value[int(head)], rest)
        found = []
        for el in value:
            if isinstance(el, dict):
                found += path_values(el, parts)
        return found or [MISSING]
    return [MISSING]


def sort_key(doc, path, direction):
    candidates = []
    for v in path_values(doc, path.split(".")):
        if isinstance(v, list):
            candidates += v if v else [EMPTY_ARRAY]
        else:
            candidates.append(None if v is MISSING else v)
    pick = min if direction > 0 else max
    return pick(candidates, key=functools.cmp_to_key(bson_cmp))


class Oracle:
    def __init__(self, documents, collection):
        self.docs = {d["_id"]: d for d in documents}
        self.order_in = [d["_id"] for d in documents]
        self.collection = collection
        collection.insert_many(copy.deepcopy(documents))

    def ids(self, query):
        return [d["_id"] for d in self.collection.find(oracle_rewrite(query), {"_id": 1})]

    def order(self, ids, sort):
        def cmp(a, b):
            for path, direction in sort.items():
                c = bson_cmp(sort_key(self.docs[a], path, direction), sort_key(self.docs[b], path, direction))
                if c:
                    return c * (1 if direction > 0 else -1)
            return 0
        return sorted(ids, key=functools.cmp_to_key(cmp))

    def page(self, ids, skip, limit):
        ids = ids[skip or 0:]
        return ids[:limit] if limit else ids  # limit=0: no limit, as MongoDB

    def entities(self, ids, fields):
        if fields is None:
            return [self.docs[i] for i in ids]
        projection = {f: 1 for f in fields}
        projected = {d["_id"]: d for d in self.collection.find({"_id": {"$in": ids}}, projection)}
        return [projected[i] for i in ids]

    def find(self, query, sort, fields, skip, limit):
        ids = self.ids(query)
        ids = self.order(ids, sort) if sort else ids
        return self.entities(self.page(ids, skip, limit), fields)


def geo_point(value):
    """(lng, lat) from a legacy pair [lng, lat] or a GeoJSON Point, else None."""
    if isinstance(value, dict) and value.get("type") == "Point":
        value = value.get("coordinates")
    if isinstance(value, list) and len(value) == 2 and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
        return float(value[0]), float(value[1])
    return None


def central_angle(a, b):
    """Haversine: the angle in radians between two (lng, lat) points in degrees."""
    lng1, lat1, lng2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * math.asin(min(1.0, math.sqrt(h)))


def _segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _in_polygon(p, ring):
    inside, (x, y) = False, p
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


class GeoOracle:
    """Brute force over every document's point. Geometry and units, as MongoDB documents them
    (Kinvey's miles for a legacy $nearSphere):
    - $nearSphere [lng, lat] + $maxDistance: spherical, miles (Kinvey; --near-sphere-unit radians
      for MongoDB's own unit); with $geometry: spherical, metres.
    - $near [lng, lat] + $maxDistance: flat (a 2d index), in degrees; with $geometry: spherical,
      metres. Both sort by distance unless the request gives a sort.
    - $geoWithin $centerSphere [[lng, lat], radians]: spherical. $box and $polygon (legacy pairs):
      flat. $geometry Polygon (GeoJSON): geodesic edges, checked flat with a 0.001° margin.
    A point within a boundary's margin (0.2% of a spherical radius: servers use 6371 or 6378.1
    km) is "ambiguous": the generator draws again rather than send such a query."""

    def __init__(self, oracle, field, geo_docs, near_sphere_unit):
        self.oracle, self.field, self.points, self.unit = oracle, field, geo_docs, near_sphere_unit

    def test(self, cond):
        """(kind, f) where f(point) -> (inside, distance, ambiguous)."""
        def circle(centre, radius, distance, margin):
            def f(p):
                d = distance(centre, p)
                return (radius is None or d <= radius), d, radius is not None and abs(d - radius) <= margin
            return f
        flat = lambda a, b: math.hypot(a[0] - b[0], a[1] - b[1])  # noqa: E731
        for op in ("$nearSphere", "$near"):
            if op in cond:
                target, maxd = cond[op], cond.get("$maxDistance")
                if isinstance(target, dict):
                    maxd = target.get("$maxDistance", maxd)
                    r = None if maxd is None else maxd / EARTH_RADIUS_M
                    return "near", circle(tuple(target["$geometry"]["coordinates"]), r, central_angle, (r or 0) * 0.002)
                if op == "$near":
                    return "near", circle(tuple(target), maxd, flat, 1e-9)
                r = None if maxd is None else (maxd / EARTH_RADIUS_MI if self.unit == "miles" else maxd)
                return "near", circle(tuple(target), r, central_angle, (r or 0) * 0.002)
        within = cond["$geoWithin"]
        if "$centerSphere" in within:
            centre, r = within["$centerSphere"]
            return "within", circle(tuple(centre), r, central_angle, r * 0.002)
        if "$box" in within:
            (x1, y1), (x2, y2) = within["$box"]
            ring = [(x1, y1), (x2, y1), (x2, y2), (x1, y2)]
            return "within", lambda p: (x1 <= p[0] <= x2 and y1 <= p[1] <= y2, None, self._near_edge(p, ring, 1e-9))
        if "$polygon" in within:
            ring = [tuple(v) for v in within["$polygon"]]
            return "within", lambda p: (_in_polygon(p, ring), None, self._near_edge(p, ring, 1e-9))
        ring = [tuple(v) for v in within["$geometry"]["coordinates"][0][:-1]]
        return "within", lambda p: (_in_polygon(p, ring), None, self._near_edge(p, ring, 1e-3))

    @staticmethod
    def _near_edge(p, ring, margin):
        return any(_segment_distance(p, a, b) <= margin for a, b in zip(ring, ring[1:] + ring[:1]))

    def ambiguous(self, query):
        _, f = self.test(query[self.field])
        return any(f(p)[2] for _, p in self.points)

    def find(self, query, sort, fields, skip, limit):
        """(entities, distances or None): distances by id when the order is by distance."""
        kind, f = self.test(query[self.field])
        rest = {k: v for k, v in query.items() if k != self.field}
        allowed = set(self.oracle.ids(rest))
        matched = []
        for doc_id, p in self.points:
            if doc_id in allowed:
                inside, distance, _ = f(p)
                if inside:
                    matched.append((doc_id, distance))
        distances = None
        if sort:
            ids = self.oracle.order([i for i, _ in matched], sort)
        elif kind == "near":
            ids = [i for i, _ in sorted(matched, key=lambda m: m[1])]
            distances = dict(matched)
        else:
            ids = [i for i, _ in matched]
        return self.oracle.entities(self.oracle.page(ids, skip, limit), fields), distances

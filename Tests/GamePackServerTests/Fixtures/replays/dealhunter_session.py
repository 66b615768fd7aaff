#!/usr/bin/env python3
"""Replays DealHunter's Appacitive session (issue 29) request by request, with the bytes the
Appacitive iOS SDK puts on the wire, and checks every answer against what the app and SDK need.

Written from the app (pratik644/DealHunter: LoginViewController.m, TableViewController.m,
DetailsViewController.m), its SDK (appacitive/Appacitive-iOS-SDK 6ea25b2 and pratik644/
AppacitiveSDK: APQuery.m, APObject.m, APUser.m, APConnection.m, APFile.m, APNetworking.m,
APHelperMethods.m) and Appacitive's REST reference (travelnxt/appacitive-docs v1.0/index.md),
through docs/contract-dealhunter.md; not from gamepack.

    dealhunter_session.py --base-url URL --api-key KEY --environment sandbox
        --username U --password P --lat 52.370216 --lng 4.895168
        [--radius 5] [--image-name NAME | --image-property image]

--base-url stands for `https://apis.appacitive.com` (the SDK appends `/v1.0/…`). Put --lat/--lng
on a deal's stored point: the app keeps only deals whose coordinates equal the device's.
Prints one line per request checked; exit status 1 names the first request whose answer the app
or SDK could not use, and the difference.
"""
import argparse
import json
import math
import re
import sys
import urllib.parse

import requests

from replay_report import Failure, fail, ok

# CFURLCreateStringByAddingPercentEscapes with no extra characters, which
# stringByAddingPercentEscapesUsingEncoding: calls: RFC 2396's unreserved and reserved
# characters stay, everything else (space, " # % < > [ \ ] ^ ` { | } and non-ASCII as UTF-8) is
# escaped (inferred from CoreFoundation's documented behaviour; the contract's wire example).
APPLE_LEGAL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'();/?:@&=+$,")
SYSTEM = ("__id", "__type", "__utcdatecreated", "__attributes", "__tags")
APPACITIVE_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$")  # APHelperMethods.m:86-92


def apple_escape(text):
    return "".join(c if c in APPLE_LEGAL else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text)


def within_circle(lat, lng, radius_km):
    """APQuery queryWithRadialSearchForProperty:… (APQuery.m:378-393) rendered by APSimpleQuery
    stringValue (`*name operation value`): `%lf, %lf, %lf` then ` km`."""
    return "*location within_circle %f, %f, %f km" % (lat, lng, radius_km)


def haversine_km(lat1, lng1, lat2, lng2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(h)))


class Client:
    def __init__(self, args):
        self.base = args.base_url.rstrip("/")
        self.http = requests.Session()
        self.http.headers.clear()
        # APNetworking.m:31-46: on every request, GETs included
        self.common = {"Appacitive-Apikey": args.api_key, "Appacitive-Environment": args.environment,
                       "Content-Type": "application/json",
                       # what NSURLSession adds by itself on iOS 7 (inferred, not in the SDK's code)
                       "User-Agent": "DealHunter/1.0 CFNetwork/672.1.15 Darwin/14.0.0", "Accept": "*/*",
                       "Accept-Language": "en-us", "Accept-Encoding": "gzip, deflate"}

    def send(self, name, method, path_and_query, body=None, headers=None, raw=False):
        """path_and_query is sent byte for byte: the URL is set on the prepared request after
        preparation, so requests neither re-encodes nor reorders it."""
        request = requests.Request(method, self.base + "/", headers=dict(self.common if headers is None else headers),
                                   data=body).prepare()
        request.url = self.base + path_and_query
        try:
            answer = self.http.send(request, allow_redirects=False, timeout=30)
        except requests.RequestException as error:
            fail(name, f"{method} {path_and_query}: no answer ({error})")
        if raw:
            return answer
        try:
            doc = answer.json()
        except ValueError:
            fail(name, f"HTTP {answer.status_code}, not JSON: the SDK reports an HTTP error ({answer.text[:200]!r})")
        if not isinstance(doc, dict):
            fail(name, f"a JSON {type(doc).__name__} at the top level: response[@\"status\"] raises")
        status = doc.get("status")
        if not isinstance(status, dict):
            fail(name, f"no status object: {answer.text[:200]}")
        code = status.get("code")
        if not isinstance(code, str):
            fail(name, f"status.code is {code!r}: the SDK calls isEqualToString: on it (APHelperMethods.m:30-52)")
        if code != "200":
            fail(name, f"status.code {code!r} (HTTP {answer.status_code}): the SDK calls the failure block: {status.get('message')!r}")
        return doc


def check_keys(name, obj, where):
    """APHelperMethods.m:58 takes the first two characters of every key."""
    for key in obj:
        if len(key) < 2:
            fail(name, f"{where}: key {key!r} shorter than two characters (NSRangeException)")


def check_system(name, obj, where, expected_type):
    for key in SYSTEM:
        if key not in obj:
            fail(name, f"{where}: no {key} (issue 29: Appacitive's system properties)")
    if not isinstance(obj["__id"], str) or obj["__type"] != expected_type:
        fail(name, f"{where}: __id {obj['__id']!r}, __type {obj['__type']!r} (expected a string id and {expected_type!r})")
    if not isinstance(obj["__utcdatecreated"], str) or not APPACITIVE_DATE.match(obj["__utcdatecreated"]):
        fail(name, f"{where}: __utcdatecreated {obj['__utcdatecreated']!r} is not yyyy-MM-dd'T'HH:mm:ss.SSSSSSS'Z'")
    if not isinstance(obj["__attributes"], dict) or not isinstance(obj["__tags"], list):
        fail(name, f"{where}: __attributes must be an object and __tags an array")
    check_keys(name, obj, where)


def authenticate(c, args):
    """1. APUser authenticateUserWithUsername:password:sessionExpiresAfter:nil limitAPICallsTo:nil
    (APUser.m:56-95): nil expiry is 86400000 minutes, nil calls -1."""
    name = "1 authenticate"
    body = '{"username":%s,"password":%s,"expiry":86400000,"attempts":-1}' % (
        json.dumps(args.username), json.dumps(args.password))
    doc = c.send(name, "POST", "/v1.0/user/authenticate", body=body.encode())
    if not isinstance(doc.get("token"), str) or not doc["token"]:
        fail(name, f"token is {doc.get('token')!r}: nil in a dictionary literal raises (APNetworking.m:21-25)")
    user = doc.get("user")
    if not isinstance(user, dict):
        fail(name, f"user is {user!r}")
    check_system(name, user, "user", "user")
    if "password" in user:
        fail(name, "the user object carries the password")
    ok(f"{name}: POST /v1.0/user/authenticate", f"user {user['__id']}, token of {len(doc['token'])} characters")
    return doc["token"]


def find_deals(c, args, page):
    """2. APObject searchAllObjectsWithTypeName:@"deal" withQuery:[query stringValue]
    (APObject.m:303-331): `object/deal/find/all` + `?pnum=N&…query=<filter>` appended to the path,
    then the whole URL percent-escaped. Page 2 is the SDK's behaviour (pnum=%ld&, APQuery.m:325-348),
    which DealHunter never asks for."""
    name = f"2 find deals page {page}"
    filter_text = within_circle(args.lat, args.lng, args.radius)
    query_string = ("?pnum=%d&" % page if page != 1 else "?") + "query=" + filter_text
    path = apple_escape("/v1.0/object/deal/find/all" + query_string)
    doc = c.send(name, "GET", path)
    objects, paging = doc.get("objects"), doc.get("paginginfo")
    if not isinstance(objects, list):
        fail(name, f"objects is {objects!r}: an array is needed")
    if not isinstance(paging, dict) or not all(_integer(paging.get(k)) is not None for k in ("pagenumber", "pagesize", "totalrecords")):
        fail(name, f"paginginfo {paging!r}: pagenumber, pagesize, totalrecords (integerValue)")
    number, size, total = (_integer(paging[k]) for k in ("pagenumber", "pagesize", "totalrecords"))
    if number != page:
        fail(name, f"paginginfo.pagenumber {number}, asked for page {page}")
    if len(objects) > size or len(objects) != max(0, min(size, total - (page - 1) * size)):
        fail(name, f"{len(objects)} objects on page {page} of size {size} with {total} records")
    for i, obj in enumerate(objects):
        if not isinstance(obj, dict):
            fail(name, f"object {i} is a {type(obj).__name__}")
        check_system(name, obj, f"object {i}", "deal")
        point = _geocode(obj.get("location"))
        if point is None:
            fail(name, f"object {i} ({obj['__id']}): location {obj.get('location')!r} is not a string \"lat,lng\" (componentsSeparatedByString: raises)")
        distance = haversine_km(args.lat, args.lng, *point)
        if distance > args.radius * 1.001:
            fail(name, f"object {i} ({obj['__id']}) at {obj['location']!r} is {distance:.3f} km away, outside {args.radius} km")
    wire = path if len(path) < 140 else path[:140] + "…"
    ok(f"{name}: GET {wire}", f"{len(objects)} deals, page {number} of size {size}, {total} in all")
    return objects, size, total


def _integer(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return int(value)
    return None


def _geocode(text):
    if not isinstance(text, str):
        return None
    parts = text.split(",")
    try:
        lat, lng = float(parts[0]), float(parts[1])  # [loc[0] doubleValue], [loc[1] doubleValue]
    except (ValueError, IndexError):
        return None
    return lat, lng


def kept_deals(objects, args):
    """TableViewController.m:39-45: only deals whose coordinates equal the device's, compared
    as doubles."""
    return [o for o in objects if _geocode(o["location"]) == (args.lat, args.lng)]


def details(c, deal):
    """3. APConnections fetchObjectsConnectedToObjectOfType:@"deal" withObjectId:…
    withRelationType:@"details" fetchConnections:NO (APConnection.m:926-982)."""
    name = "3 deal details"
    path = f"/v1.0/connection/details/deal/{deal['__id']}/find?returnedge=false"
    doc = c.send(name, "GET", path)
    nodes = doc.get("nodes")
    if nodes is not None and not isinstance(nodes, list):
        fail(name, f"nodes is {nodes!r}: an array or null")
    nodes = [n for n in nodes or [] if isinstance(n, dict) and "__type" in n]  # no __type: no object
    if not nodes:
        fail(name, f"no node for deal {deal['__id']}: the details view shows nothing")
    node = nodes[-1]  # [objects lastObject], DetailsViewController.m:31-34
    check_system(name, node, "node", "dealdetail")
    for key in ("storename", "location", "details"):
        if not isinstance(node.get(key), str):
            fail(name, f"{key} is {node.get(key)!r}: the label shows only a string")
    ok(f"{name}: GET {path}", f"{node['__type']} {node['__id']}: {node['storename']!r}")
    return node


def image(c, args, deal, node):
    """The deal's image through APFile downloadFileWithName:validUrlForTime:… (APFile.m:131-200):
    `file/download/{name}?expires={minutes}` answers {"uri"}, fetched by a separate session with no
    Appacitive header. DealHunter itself shows no image; issue 29 asks for this route."""
    name = "4 deal image"
    file_name = args.image_name or deal.get(args.image_property) or node.get(args.image_property)
    if not isinstance(file_name, str) or not file_name:
        fail(name, f"neither the deal nor its details has a string {args.image_property!r}; give --image-name")
    path = apple_escape(f"/v1.0/file/download/{file_name}?expires=10")
    doc = c.send(name, "GET", path)
    uri = doc.get("uri")
    if not isinstance(uri, str) or not urllib.parse.urlsplit(uri).scheme.startswith("http"):
        fail(name, f"uri is {uri!r}: an absolute URL is needed")
    answer = requests.get(uri, timeout=30)  # a plain GET: no Apikey, no Environment
    if answer.status_code != 200 or not answer.content:
        fail(name, f"GET {uri}: status {answer.status_code}, {len(answer.content)} bytes")
    kind = "PNG" if answer.content.startswith(b"\x89PNG") else "JPEG" if answer.content.startswith(b"\xff\xd8") else "bytes"
    ok(f"{name}: GET {path}, then GET uri", f"{len(answer.content)} bytes, {kind}")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--base-url", required=True, help="stands for https://apis.appacitive.com")
    p.add_argument("--api-key", required=True)
    p.add_argument("--environment", default="sandbox", help="AppDelegate.m:18 useLiveEnvironment:NO is sandbox")
    p.add_argument("--username", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--lat", type=float, required=True)
    p.add_argument("--lng", type=float, required=True)
    p.add_argument("--radius", type=float, default=5.0, help="km (TableViewController.m: withinRadius:@5 kKilometers)")
    p.add_argument("--image-name", help="the file to download (default: the deal's --image-property)")
    p.add_argument("--image-property", default="image")
    p.add_argument("--skip-image", action="store_true", help="do not replay the file download")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    c = Client(args)
    try:
        authenticate(c, args)
        objects, size, total = find_deals(c, args, 1)
        kept = kept_deals(objects, args)
        if not kept:
            fail("2 find deals page 1", f"no deal at exactly ({args.lat!r}, {args.lng!r}) on page 1: the app lists nothing (put the point on a deal)")
        ok("2 deals the app keeps", f"{len(kept)} at the device's exact point; rows show {kept[-1]['__id']}")
        if total > size:
            page2, _, _ = find_deals(c, args, 2)
            overlap = {o["__id"] for o in objects} & {o["__id"] for o in page2}
            if overlap:
                fail("2 find deals page 2", f"deals on both pages: {sorted(overlap)[:5]}")
            ok("2 page 2 (the SDK's pnum, not sent by DealHunter)", f"{len(page2)} more deals, none repeated")
        else:
            page2, _, _ = find_deals(c, args, 2)
            ok("2 page 2 (the SDK's pnum, not sent by DealHunter)", "past the last page: no deals")
        deal = kept[-1]  # every row carries the last kept deal (TableViewController.m:69-70)
        node = details(c, deal)
        if not args.skip_image:
            image(c, args, deal, node)
    except Failure as failure:
        print(failure)
        return 1
    print("dealhunter session: every answer is one the app can use")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Replays Whack-A-VC's Kinvey session (issue 29) request by request, as the shipped app and its
SDK send it, and checks every answer against what the app needs.

Written from the app (AntizKinvey/Whack-A-VC: AppDelegate.m, HelloWorldLayer.m, GameOverLayer.m,
KCS*.m), KinveyKit 1.3.0 (Kinvey/swift-sdk tag 1.3.0, KinveyKit/KinveyKit/Source/) and, for
--sdk swift, Kinvey/swift-sdk HEAD, through docs/contract-whack-a-vc.md; not from gamepack.

    whack_a_vc_session.py --base-url URL --app-key KEY --app-secret SECRET
        [--sdk kinveykit|swift] [--state FILE] [--publish-command CMD]
        [--expect-changed-blobs a.png,b.wav] [--vc-id ID] [--whack-count 12]

One launch per run, or two with --publish-command: launch 1, then CMD (which publishes a new pack),
then launch 2, which must download again exactly the --expect-changed-blobs names. --state keeps
the device between runs (the keychain's user and the app's local table of resource times), so a
later run with the same file is a later launch. Prints one line per request checked; exit status
1 names the first request whose answer the app could not use, and the difference.
"""
import argparse
import base64
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import uuid

import requests

from replay_report import Failure, fail, ok

USER_AGENT = "ios-kinvey-http/1.3.0 kcs/0.7.0"            # KCSRESTRequest.m:214-295
DEVICE = "iPhone/iPhone4,1 iPhone_OS 5.1.1 {udid}"       # KinveyAnalytics.m:124-144
MAPPED = {                                                # hostToKinveyPropertyMapping of each class
    "metaData": ["resourceName", "lastModified"],         # KCSBlobDetails.m:50-56
    "phrases": ["Phrase", "_id"],                         # KCSPhrases.m:48-53
    "VC-Details": ["_id", "name", "firm", "gameImageNameInBlob", "profileImageNameInBlob", "twitter_handle"],
}
ISO_MS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")  # Metadata.swift / Date.swift


def app_date(text):
    """The app's NSDateFormatter `dd/mm/yyyy HH:MM` (HelloWorldLayer.m:731-737): in ICU `mm` is
    minutes and `MM` months, so `16/4/2012 19:12` is 16 Dec 2012 19:04. None when it does not
    parse (numeric fields of one or two digits, a non-lenient formatter: inferred)."""
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4}) (\d{1,2}):(\d{1,2})", text)
    if not m:
        return None
    day, minute, year, hour, month = map(int, m.groups())
    try:
        return datetime.datetime(year, month, day, hour, minute)
    except ValueError:
        return None


class Device:
    """The phone: the keychain's user, the local resource table (name -> lastModified string as
    stored by the app) and the downloaded files' hashes."""

    def __init__(self, path):
        self.path = path
        data = {}
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        self.user = data.get("user")
        self.resources = data.get("resources", {})
        self.hashes = data.get("hashes", {})
        self.udid = data.get("udid") or hashlib.sha1(uuid.uuid4().bytes).hexdigest()

    def save(self):
        if self.path:
            with open(self.path, "w", encoding="utf-8") as f:
                json.dump({"user": self.user, "resources": self.resources, "hashes": self.hashes,
                           "udid": self.udid}, f, indent=1, ensure_ascii=False)


class Client:
    def __init__(self, args, device):
        self.base, self.key, self.secret = args.base_url.rstrip("/"), args.app_key, args.app_secret
        self.sdk, self.device = args.sdk, device
        self.http = requests.Session()
        self.http.headers.clear()  # only what the SDK sends (requests adds Host, Content-Length)

    def headers(self, auth, body_type=None):
        h = {"User-Agent": USER_AGENT if self.sdk == "kinveykit" else "Kinvey Swift SDK 3.x",
             "X-Kinvey-Device-Information": DEVICE.format(udid=self.device.udid),
             "X-Kinvey-API-Version": "0" if self.sdk == "kinveykit" else "5",
             "Date": datetime.datetime.now(datetime.timezone.utc).strftime("%a, %d %b %Y %H:%M:%S GMT"),
             "Accept-Encoding": "gzip",
             "Accept": "*/*"}  # added by NSURLConnection itself (inferred)
        if auth == "app":
            pair = f"{self.key}:{self.secret}"
        elif self.sdk == "swift":
            h["Authorization"] = f"Kinvey {self.device.user['authtoken']}"
            pair = None
        else:
            pair = f"{self.device.user['username']}:{self.device.user['password']}"
        if pair:
            h["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
        if body_type:
            h["Content-Type"] = body_type
        return h

    def send(self, name, method, path, auth="user", body=None, expect=(200,), extra_headers=None):
        """One request; checks the status and the headers every Kinvey answer carries."""
        url = self.base + path
        data = json.dumps(body, separators=(",", ":")).encode() if body is not None else None
        headers = self.headers(auth, "application/json; charset=utf-8" if data is not None else None)
        headers.update(extra_headers or {})
        started = time.monotonic()
        try:
            answer = self.http.request(method, url, data=data, headers=headers, allow_redirects=False, timeout=30)
        except requests.RequestException as error:
            fail(name, f"{method} {path}: no answer ({error})")
        answer.elapsed_s = time.monotonic() - started
        if answer.status_code not in expect:
            fail(name, f"{method} {path}: status {answer.status_code}, the app needs {' or '.join(map(str, expect))}: {answer.text[:300]}")
        if not answer.headers.get("X-Kinvey-Request-Id"):
            fail(name, f"{method} {path}: no X-Kinvey-Request-Id header (issue 29: on every response)")
        asked = headers["X-Kinvey-API-Version"]
        if answer.headers.get("X-Kinvey-API-Version") != asked:
            fail(name, f"{method} {path}: X-Kinvey-API-Version {answer.headers.get('X-Kinvey-API-Version')!r}, asked for {asked!r}")
        return answer

    def json_body(self, name, answer, kind):
        if self.sdk == "swift" and not answer.headers.get("Content-Type", "").startswith("application/json"):
            fail(name, f"Content-Type {answer.headers.get('Content-Type')!r}: later SDKs refuse non-JSON")
        try:
            body = answer.json()
        except ValueError:
            fail(name, f"not JSON (SBJson fails): {answer.text[:200]!r}")
        if not isinstance(body, kind):
            fail(name, f"a JSON {type(body).__name__}, the app needs a JSON {kind.__name__}")
        return body


def create_user(c):
    """1. The implicit user (KinveyUser.m:126-256; Swift SDK: POST /user/{k} with {})."""
    name = "1 implicit user"
    if c.sdk == "kinveykit":
        path, body, expect = f"/user/{c.key}/", {"UDID": c.device.udid, "UUID": str(uuid.uuid4()).upper()}, (201,)
    else:
        path, body, expect = f"/user/{c.key}", {}, (201, 200)
    answer = c.send(name, "POST", path, auth="app", body=body, expect=expect)
    user = c.json_body(name, answer, dict)
    for field in ("username", "password", "_id") if c.sdk == "kinveykit" else ("username", "_id"):
        if not isinstance(user.get(field), str) or not user[field]:
            fail(name, f"{field} is {user.get(field)!r}: the SDK asserts a string (KinveyUser.m:204)")
    token = (user.get("_kmd") or {}).get("authtoken")
    if c.sdk == "swift" and not isinstance(token, str):
        fail(name, f"_kmd.authtoken is {token!r}: the Swift SDK's session token")
    if answer.elapsed_s >= 0.5:
        fail(name, f"answered in {answer.elapsed_s:.2f} s: held requests time out after 0.5 s (KCSRESTRequest.m:22-24)")
    c.device.user = {"_id": user["_id"], "username": user["username"], "password": user.get("password"),
                     "authtoken": token}
    ok(f"{name}: POST {path} {answer.status_code}", f"{answer.elapsed_s * 1000:.0f} ms, _id {user['_id']}")


def ping(c):
    name = "2 ping"
    path = f"/appdata/{c.key}/" if c.sdk == "kinveykit" else f"/appdata/{c.key}"
    hello = c.json_body(name, c.send(name, "GET", path), dict)
    if c.sdk == "swift":  # Client.swift:580-590: [String: String] with all four
        for field in ("version", "kinvey", "appName", "environmentName"):
            if not isinstance(hello.get(field), str):
                fail(name, f"{field} is {hello.get(field)!r}: the Swift SDK needs it, a string")
        if not all(isinstance(v, str) for v in hello.values()):
            fail(name, "a value that is not a string: the Swift SDK's ping fails")
    ok(f"{name}: GET {path} 200", f"kinvey={hello.get('kinvey')!r} environmentName={hello.get('environmentName')!r}")


def current_user(c):
    """2b. Later launches: GET /user/{k}/ with an empty id (KinveyUser.m:477, KinveyEntity.m:193-214)."""
    name = "2b current user"
    path = f"/user/{c.key}/" if c.sdk == "kinveykit" else f"/user/{c.key}/_me"
    body = c.json_body(name, c.send(name, "GET", path), (list, dict))
    if isinstance(body, list):
        if len(body) != 1:
            fail(name, f"{len(body)} users: the app takes the first, so the answer must be the caller only")
        body = body[0]
    if not isinstance(body, dict) or not isinstance(body.get("username"), str):
        fail(name, "no string username: [NSString initWithString:nil] raises (HelloWorldLayer.m:640)")
    if body["username"] != c.device.user["username"]:
        fail(name, f"username {body['username']!r} is not the caller's {c.device.user['username']!r}")
    if "password" in body and body["password"] == c.device.user.get("password"):
        fail(name, "the answer echoes the password in clear")
    ok(f"{name}: GET {path} 200", f"username {body['username']}")
    return body["username"]


def fetch(c, collection):
    """3-5. fetchAllWithDelegate: (KinveyCollection.m:187-198): no query parameters."""
    name = f"fetch {collection}"
    path = f"/appdata/{c.key}/{collection}/"
    body = c.json_body(name, c.send(name, "GET", path), (list, dict))
    entities = body if isinstance(body, list) else ([body] if body else [])  # KinveyCollection.m:61-70
    for i, e in enumerate(entities):
        if not isinstance(e, dict):
            fail(name, f"entity {i} is a {type(e).__name__}")
        for key in MAPPED[collection]:
            if not isinstance(e.get(key), str):
                fail(name, f"entity {i} ({e.get('_id')!r}): {key} is {e.get(key)!r}; the app needs a string (nil/NSNull/NSNumber raise)")
        if c.sdk == "swift":
            kmd, acl = e.get("_kmd"), e.get("_acl")
            if not isinstance(kmd, dict) or not all(isinstance(kmd.get(k), str) and ISO_MS.match(kmd[k]) for k in ("lmt", "ect")):
                fail(name, f"entity {i}: _kmd.lmt/ect not yyyy-MM-dd'T'HH:mm:ss.SSS'Z': {kmd!r}")
            if not isinstance(acl, dict):
                fail(name, f"entity {i}: _acl is {acl!r}")
    if c.sdk == "swift":
        count = c.json_body(name + " _count", c.send(name + " _count", "GET", path + "_count"), dict).get("count")
        if count != len(entities):
            fail(name + " _count", f"count {count!r}, the collection answered {len(entities)} entities")
    ok(f"{name}: GET {path} 200", f"{len(entities)} entities")
    return entities


def check_content(metadata, vcs):
    names = [m["resourceName"] for m in metadata]
    for m in metadata:
        if app_date(m["lastModified"]) is None:
            fail("fetch metaData", f"{m['resourceName']}: lastModified {m['lastModified']!r} does not parse as dd/mm/yyyy HH:MM, so the app downloads and inserts it again on every launch")
    for vc in vcs:
        for key in ("gameImageNameInBlob", "profileImageNameInBlob"):
            if vc[key] not in names:
                fail("fetch VC-Details", f"{vc['_id']}: {key} {vc[key]!r} is not a metaData resourceName, so the app never downloads it")


def to_download(device, metadata):
    """HelloWorldLayer.m:726-804: which names the app downloads, and the names it would download
    for the wrong reason (a later local time or an unparsable one)."""
    chosen, wrong = [], []
    for m in metadata:
        name, stamp = m["resourceName"], m["lastModified"]
        if name not in device.resources:
            chosen.append(name)
            continue
        local, server = app_date(device.resources[name]), app_date(stamp)
        if local is not None and server is not None and local == server:
            continue
        chosen.append(name)
        if local is None or server is None or local > server:
            wrong.append(name)
    return chosen, wrong


def download(c, resource):
    """6. downloadResource: (KCSBlobService.m:85-125): redirects followed; the system may resend
    Authorization to the target (inferred), so this replay does."""
    name = f"6 download {resource}"
    path = f"/blob/{c.key}/download-loc/{urllib.parse.quote(resource)}"
    answer = c.send(name, "GET", path, expect=(200, 301, 302, 303, 307, 308))
    hops, url = 0, c.base + path
    while answer.status_code != 200:
        location = answer.headers.get("Location")
        if not location or hops == 5:
            fail(name, f"status {answer.status_code} without a usable Location")
        url, hops = urllib.parse.urljoin(url, location), hops + 1
        answer = c.http.get(url, headers=c.headers("user"), allow_redirects=False, timeout=30)
        if answer.status_code not in (200, 301, 302, 303, 307, 308):
            fail(name, f"redirect target {url} answered {answer.status_code} (with the Authorization header resent)")
    if not answer.content:
        fail(name, "an empty body: the app writes it as the file")
    ok(f"{name}: GET {path} {'302 → ' if hops else ''}200", f"{len(answer.content)} bytes")
    return hashlib.sha256(answer.content).hexdigest()


def download_swift(c, resource):
    """Later SDKs: the file's metadata by query, then a plain GET of _downloadURL (JS SDK
    files/download.ts; Swift FileStore). The metadata is asked with a foreign Host header: the
    URL must come from the server's configured public base URL, never from Host (issue 29)."""
    name = f"6 download {resource}"
    query = urllib.parse.quote(json.dumps({"_filename": resource}, separators=(",", ":")), safe="-_.~")
    path = f"/blob/{c.key}/?query={query}"
    files = c.json_body(name, c.send(name, "GET", path, extra_headers={"Host": "evil.example"}), list)
    if len(files) != 1 or not isinstance(files[0], dict):
        fail(name, f"{len(files)} files named {resource!r}")
    url = files[0].get("_downloadURL")
    if not isinstance(url, str) or not urllib.parse.urlsplit(url).scheme.startswith("http"):
        fail(name, f"_downloadURL is {url!r}")
    if "evil.example" in url:
        fail(name, f"_downloadURL {url!r} echoes the request's Host header")
    answer = requests.get(url, timeout=30)
    if answer.status_code != 200 or not answer.content:
        fail(name, f"GET {url}: status {answer.status_code}, {len(answer.content)} bytes")
    ok(f"{name}: GET /blob/{c.key}/?query=… 200, GET _downloadURL 200", f"{len(answer.content)} bytes")
    return hashlib.sha256(answer.content).hexdigest()


def save_whack(c, user_id, vc_id, count):
    """7. saveToCollection: (KinveyEntity.m:216-255) with _id nil: POST, every value a string."""
    name = "7 save whack"
    path = f"/appdata/{c.key}/whacks/" if c.sdk == "kinveykit" else f"/appdata/{c.key}/whacks"
    body = {"userId": user_id, "vcId": vc_id, "whackCount": str(count)}
    saved = c.json_body(name, c.send(name, "POST", path, body=body, expect=(201, 200)), dict)
    # the app only logs the answer; Kinvey answered the stored entity, which the read-back needs
    if not isinstance(saved.get("_id"), str):
        fail(name, f"no _id in the answer: {saved!r}")
    creator = (saved.get("_acl") or {}).get("creator")
    if creator != c.device.user["_id"]:
        fail(name, f"_acl.creator {creator!r} is not the user {c.device.user['_id']!r}")
    if not isinstance((saved.get("_kmd") or {}).get("lmt"), str):
        fail(name, f"no _kmd.lmt: {saved.get('_kmd')!r}")
    ok(f"{name}: POST {path} {body}", f"_id {saved['_id']}")
    return saved


def read_back(c, saved):
    """The replay's own request (the app keeps its leaderboard locally, VcsScreenLayer.m:120-130):
    the player's whacks, queried as KinveyKit encodes a query (NSString+KinveyAdditions.m:39-50)."""
    name = "7r leaderboard read-back"
    query = json.dumps({"userId": saved["userId"], "vcId": saved["vcId"]}, separators=(",", ":"))
    path = f"/appdata/{c.key}/whacks/?query={urllib.parse.quote(query, safe='-_.~')}"
    rows = c.json_body(name, c.send(name, "GET", path), list)
    mine = [r for r in rows if isinstance(r, dict) and r.get("_id") == saved["_id"]]
    if len(mine) != 1:
        fail(name, f"the saved whack {saved['_id']} is not in the answer ({len(rows)} rows)")
    for key in ("userId", "vcId", "whackCount"):
        if mine[0].get(key) != saved[key]:
            fail(name, f"{key} read back as {mine[0].get(key)!r}, saved {saved[key]!r}")
    if any(r.get("userId") != saved["userId"] or r.get("vcId") != saved["vcId"] for r in rows):
        fail(name, "a row that does not match the query")
    ok(f"{name}: GET /appdata/{c.key}/whacks/?query={query}", f"{len(rows)} rows")


def read_only(c):
    """Content collections stay read-only: 405 in Kinvey's error shape, all strings
    (Kinvey.swift:315-340 reads [String: String])."""
    name = "read-only phrases"
    answer = c.send(name, "POST", f"/appdata/{c.key}/phrases", body={"Phrase": "x"}, expect=(405,))
    body = c.json_body(name, answer, dict)
    if not all(isinstance(body.get(k), str) for k in ("error", "description", "debug")) or \
            not all(isinstance(v, str) for v in body.values()):
        fail(name, f"not Kinvey's error shape (error, description, debug, all strings): {body!r}")
    ok(f"{name}: POST /appdata/{c.key}/phrases 405", body["error"])


def launch(c, args, number):
    print(f"== launch {number} ({'first' if c.device.user is None else 'later'}, {c.sdk})")
    first = c.device.user is None
    if first:
        create_user(c)  # the SDK creates the user before sending the request that needed one
    ping(c)
    username = None if first and c.sdk == "kinveykit" else current_user(c)
    metadata, _, vcs = (fetch(c, coll) for coll in ("metaData", "phrases", "VC-Details"))
    check_content(metadata, vcs)
    chosen, wrong = to_download(c.device, metadata)
    if wrong:
        fail("6 downloads", f"{wrong}: a local time later than the server's or one that does not parse; the app downloads and inserts these again")
    hashes = {}
    for resource in chosen:
        hashes[resource] = (download(c, resource) if c.sdk == "kinveykit" else download_swift(c, resource))
    for m in metadata:  # HelloWorldLayer.m:832-957: recorded only when every download succeeded
        c.device.resources[m["resourceName"]] = m["lastModified"]
    c.device.hashes.update(hashes)
    ok(f"6 downloads: {len(chosen)} of {len(metadata)} resources", ", ".join(chosen) if len(chosen) <= 12 else "")
    vc_id = args.vc_id or (vcs[0]["_id"] if vcs else fail("7 save whack", "no VC to whack"))
    user_id = username if username is not None else "(null)"  # GameOverLayer.m:541
    saved = save_whack(c, user_id, vc_id, args.whack_count)
    read_back(c, saved)
    if c.sdk == "swift":
        read_only(c)
    c.device.save()
    return chosen


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--base-url", required=True)
    p.add_argument("--app-key", required=True)
    p.add_argument("--app-secret", required=True)
    p.add_argument("--sdk", choices=["kinveykit", "swift"], default="kinveykit",
                   help="kinveykit: the shipped KinveyKit 1.3.0; swift: the later Swift SDK's handshake and session")
    p.add_argument("--state", help="device state file (user, resource times); a later run is a later launch")
    p.add_argument("--publish-command", help="shell command run between launch 1 and launch 2")
    p.add_argument("--expect-changed-blobs", help="comma list: the names launch 2 must download, no more, no fewer")
    p.add_argument("--vc-id", help="the VC-Details _id to whack (default: the first)")
    p.add_argument("--whack-count", type=int, default=12)
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    c = Client(args, Device(args.state))
    later_run = c.device.user is not None  # --state held a user: this run is a later launch
    try:
        chosen = launch(c, args, 1)
        if args.publish_command:
            print(f"== publish: {args.publish_command}")
            if subprocess.run(args.publish_command, shell=True).returncode != 0:
                raise Failure("FAIL publish: the publish command failed")
            chosen = launch(c, args, 2)
        if args.expect_changed_blobs is not None and (args.publish_command or later_run):
            expected = sorted(n for n in args.expect_changed_blobs.split(",") if n)
            if sorted(chosen) != expected:
                raise Failure(f"FAIL changed blobs: downloaded again {sorted(chosen)}, expected exactly {expected}")
            ok("changed blobs", f"only {expected} downloaded again")
    except Failure as failure:
        print(failure)
        return 1
    print("whack-a-vc session: every answer is one the app can use")
    return 0


if __name__ == "__main__":
    sys.exit(main())

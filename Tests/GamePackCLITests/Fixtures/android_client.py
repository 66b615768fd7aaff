"""The Go Take a Hike! Android client's content exchange, written against the API description
in docs/publishing.md ("Legacy gohike v1 API") with nothing from gamepack's code: ping with
the version the device holds, download when told to update, check the content's own version,
ping again.

usage: android_client.py BASE_URL DEVICE_VERSION [EXPECTED_VERSION]
Prints one JSON line: {"first": ..., "downloaded": N, "version": ..., "second": ..., "header": ...}.
Exits 1 when the exchange does not go as the shipped client expects.
"""
import hashlib
import json
import sys

import requests

base, device_version = sys.argv[1], sys.argv[2]
expected = sys.argv[3] if len(sys.argv) > 3 else None

# Android posts JSON.
first = requests.post(f"{base}/api/ping", json={"version": device_version}, timeout=10)
first.raise_for_status()
first_body = first.json()
if first_body.get("status") not in ("ok", "update"):
    sys.exit(f"unexpected ping answer {first.text}")

result = {"first": first_body}
if first_body["status"] == "update":
    content = requests.get(f"{base}/api/content", timeout=30)
    content.raise_for_status()
    raw = content.content
    if len(raw) != first_body["size"]:
        sys.exit(f"ping said {first_body['size']} bytes, content has {len(raw)}")
    # The client streams the file and reads "version" as the FIRST key.
    text = raw.decode("utf-8")
    if not text.startswith('{"version":'):
        sys.exit("content.json does not start with the version key")
    document = json.loads(text)
    profiles = json.dumps(document["profiles"], separators=(",", ":"), ensure_ascii=False)
    computed = hashlib.md5(profiles.encode("utf-8")).hexdigest()
    if computed != document["version"]:
        sys.exit(f"version {document['version']} is not the MD5 of the profiles ({computed})")
    if content.headers.get("Content-Version") != document["version"]:
        sys.exit("Content-Version header differs from the file's version")
    result.update(downloaded=len(raw), version=document["version"], header=content.headers.get("Content-Version"))
    device_version = document["version"]

# iOS posts a form; ping again with what the device now holds.
second = requests.post(f"{base}/api/ping", data={"version": device_version}, timeout=10)
second.raise_for_status()
result["second"] = second.json()
if result["second"] != {"status": "ok"}:
    sys.exit(f"second ping did not say ok: {second.text}")
if expected and device_version != expected:
    sys.exit(f"device holds {device_version}, expected {expected}")
print(json.dumps(result))

#!/usr/bin/env bash
# Change-to-page latency of `gamepack preview` on the large generated project.
#
#   benchmarks/preview.sh             (BIN=.build/debug/gamepack to use a debug build; RUNS=20)
#
# Generates benchmarks/work/large once (as lint.sh does), starts `gamepack preview --offline` on
# a free port, connects to its event stream like an open page does, then RUNS times rewrites one
# location's name and measures (1) from the write to the `change` event, and (2) from the write
# to the location's page served with the new name (what an open page shows). It waits for the
# background full lint's event between runs and restores the file at the end.
set -euo pipefail

cd "$(dirname "$0")/.."
PROJECT=benchmarks/work/large
RUNS=${RUNS:-20}
BIN=${BIN:-}
if [ -z "$BIN" ]; then
    echo "== building (swift build -c release --product gamepack)"
    swift build -c release --product gamepack
    BIN=.build/release/gamepack
fi
if [ ! -f "$PROJECT/gamepack.yaml" ]; then
    echo "== generating $PROJECT"
    python3 benchmarks/generate.py "$PROJECT"
fi

LOG=$(mktemp)
"$BIN" preview "$PROJECT" --port 0 --offline > "$LOG" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; rm -f "$LOG"' EXIT
STARTED=$(python3 -c "import time; print(time.time())")
for _ in $(seq 1 600); do
    grep -q "serving http" "$LOG" && break
    sleep 0.1
done
URL=$(grep -o 'serving http://[^ ]*' "$LOG" | cut -d' ' -f2)
[ -n "$URL" ] || { cat "$LOG"; exit 1; }
echo "== $BIN preview $PROJECT: ready in $(python3 -c "import time; print(round(time.time() - $STARTED, 1))") s at $URL"

python3 - "$URL" "$PROJECT/content/locations/17.yaml" "$RUNS" <<'PY'
import socket, statistics, sys, time, urllib.request
url, path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
host, port = url.split("//")[1].rstrip("/").split(":")
stream = socket.create_connection((host, int(port)))
stream.sendall(b"GET /_preview/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
events = stream.makefile("rb")
def next_generation(timeout):
    stream.settimeout(timeout)
    while True:
        line = events.readline().decode()
        if line.startswith("data: "):
            return int(line[6:])
next_generation(10)
original = open(path, encoding="utf-8").read()
old = original.split('en: "', 1)[1].split('"', 1)[0]
to_event, to_page = [], []
try:
    for run in range(runs):
        name = "%s edited %d" % (old, run)
        started = time.perf_counter()
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.replace('en: "%s"' % old, 'en: "%s"' % name, 1))
        next_generation(10)
        to_event.append(time.perf_counter() - started)
        page = urllib.request.urlopen(url + "c/locations/17.html").read().decode()
        to_page.append(time.perf_counter() - started)
        assert name in page, "the page does not show the edit"
        next_generation(30)  # the full lint that follows
        time.sleep(0.2)
finally:
    open(path, "w", encoding="utf-8").write(original)
ms = lambda xs: "median %.0f ms, max %.0f ms" % (statistics.median(xs) * 1000, max(xs) * 1000)
print("write -> change event:       " + ms(to_event))
print("write -> page with the edit: " + ms(to_page) + " (%d runs)" % runs)
PY
grep "changed: taken in" "$LOG" | tail -3

#!/usr/bin/env bash
# How many bytes does a GamePackClient update download after one changed image in the large
# project? The bar (issue 15): less than 1% of the pack's bytes on the wire, even without HTTP
# compression.
#
#   bash benchmarks/client-update.sh
#
# Generates benchmarks/work/large once (~400 MB of images, git-ignored), builds the release
# `gamepack` and `gamepack-client-demo`, then:
#   1. builds the project at sequence 1, publishes it into a static tree (`gamepack publish --to`)
#      served by nginx on a free loopback port, and installs it with the demo client;
#   2. changes one byte of one photo (a location's, so its collection's canonical JSON changes
#      too), builds at sequence 2 with the cache, publishes, and updates with the demo client;
#   3. updates twice from that same installed state: from nginx serving the files as they are,
#      and from nginx with gzip (as a CDN or `gamepack serve` sends JSON); prints for each the
#      bytes on the wire (nginx's body bytes sent for the update's requests) and the client's
#      count after decoding, over the pack's bytes. The bar is judged on both wire counts.
# Needs nginx (apt-get install nginx). IMAGE=photos/NNN.jpg picks another image; BIN and DEMO
# name binaries to use instead of building the release ones.
set -euo pipefail
cd "$(dirname "$0")/.."

PROJECT=benchmarks/work/large
WORK=benchmarks/work/client
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
if [ ! -x "$NGINX" ]; then echo "install nginx: apt-get install nginx" >&2; exit 1; fi

if [ -z "${BIN:-}" ]; then swift build -c release --product gamepack; fi
if [ -z "${DEMO:-}" ]; then swift build -c release --product gamepack-client-demo; fi
BIN=${BIN:-.build/release/gamepack}
DEMO=${DEMO:-.build/release/gamepack-client-demo}
if [ ! -f "$PROJECT/gamepack.yaml" ]; then python3 benchmarks/generate.py "$PROJECT"; fi

rm -rf "$WORK"
mkdir -p "$WORK/site" "$WORK/nginx/tmp"
"$BIN" keygen --out "$WORK/bench" >/dev/null
export SOURCE_DATE_EPOCH=1700000000
PROJECT_ID=$(sed -n 's/^id: *//p' "$PROJECT/gamepack.yaml" | tr -d '"'"'"' ')

# nginx on two free loopback ports, foreground, as its own prefix; stopped on exit. Both serve the
# same tree: PORT as files are, GZIP_PORT with gzip for every response (what a CDN or
# `gamepack serve` does for JSON; the content-addressed files have no extension to tell it by).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
PORT=$(free_port)
GZIP_PORT=$(free_port)
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
error_log $PWD/$WORK/nginx/error.log;
events { worker_connections 64; }
http {
    log_format bytes '\$request \$status \$body_bytes_sent';
    client_body_temp_path $PWD/$WORK/nginx/tmp/body;
    proxy_temp_path $PWD/$WORK/nginx/tmp/proxy;
    fastcgi_temp_path $PWD/$WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $PWD/$WORK/nginx/tmp/uwsgi;
    scgi_temp_path $PWD/$WORK/nginx/tmp/scgi;
    default_type application/octet-stream;
    types { application/json json; }
    server {
        listen 127.0.0.1:$PORT; root $PWD/$WORK/site;
        access_log $PWD/$WORK/nginx/access.log bytes;
    }
    server {
        listen 127.0.0.1:$GZIP_PORT; root $PWD/$WORK/site;
        access_log $PWD/$WORK/nginx/access-gzip.log bytes;
        gzip on; gzip_types application/octet-stream application/json;
    }
}
EOF
IMAGE=${IMAGE:-$(grep -rh "image: photos/" "$PROJECT/content/locations" | sed -n '1s/.*image: //p')}
cp "$PROJECT/assets/$IMAGE" "$WORK/image.bak"
NGINX_PID=
cleanup() {
    [ -z "$NGINX_PID" ] || kill "$NGINX_PID" 2>/dev/null || true
    cp "$WORK/image.bak" "$PROJECT/assets/$IMAGE"
}
trap cleanup EXIT
"$NGINX" -p "$PWD/$WORK/nginx" -c "$PWD/$WORK/nginx/nginx.conf" -g "daemon off; pid $PWD/$WORK/nginx/nginx.pid;" &
NGINX_PID=$!
for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $PORT))" 2>/dev/null && break
    sleep 0.1
done

client() { # port, storage folder, time output file
    /usr/bin/env time -f '%e s wall, %M KB peak RSS' -o "$3" "$DEMO" --url "http://127.0.0.1:$1/" \
        --project "$PROJECT_ID" --channel production --pubkey "$WORK/bench.pub" --storage "$2"
}

echo "== sequence 1: build, publish, install"
"$BIN" build "$PROJECT" --out "$WORK/out1" --sign "$WORK/bench.key" --sequence 1 --quiet
PACK1=$(ls "$WORK"/out1/*.gamepack)
"$BIN" publish "$PACK1" --to "$WORK/site" --channel production --key "$WORK/bench.key" --expires-in never
client "$PORT" "$WORK/storage" "$WORK/time" | sed -n 1p
echo "install: $(cat "$WORK/time")"
# The same installed state for the gzip run (objects are immutable: hard links are safe).
cp -al "$WORK/storage" "$WORK/storage-gzip"

echo "== sequence 2: one byte of $IMAGE changed"
python3 - "$PROJECT/assets/$IMAGE" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
i = len(data) // 2
while data[i] == 0xFF or data[i - 1] == 0xFF or data[i] == 0xFE:  # stay inside JPEG entropy data
    i += 1
data[i] = (data[i] + 1) % 0xFF
open(path, "wb").write(bytes(data))
PY
"$BIN" build "$PROJECT" --out "$WORK/out2" --sign "$WORK/bench.key" --sequence 2 --quiet
PACK2=$(ls -t "$WORK"/out2/*.gamepack | sed -n 1p)
"$BIN" publish "$PACK2" --to "$WORK/site" --channel production --key "$WORK/bench.key" --expires-in never
report() { # label, access log, first line, client output, time file
    local served client
    served=$(tail -n +"$3" "$2" | awk '{ sum += $NF } END { print sum }')
    client=$(echo "$4" | sed -n 's/.*downloaded \([0-9]*\) bytes.*/\1/p')
    echo "-- $1: $(echo "$4" | sed -n 1p)"
    echo "   $(cat "$5")"
    tail -n +"$3" "$2" | awk '{ printf "   %s %s bytes sent\n", $2, $NF }'
    python3 - "$1" "$client" "$served" "$PACK_BYTES" <<'PY'
import sys
label, client, served, pack = sys.argv[1], *map(int, sys.argv[2:])
print(f"   {label}: {served} bytes on the wire ({served / pack * 100:.3f}% of the {pack}-byte pack); "
      f"{client} bytes after decoding ({client / pack * 100:.3f}%)")
PY
}
PACK_BYTES=$(stat -c %s "$PACK2")
PLAIN_FROM=$(($(wc -l <"$WORK/nginx/access.log") + 1))
GZIP_FROM=1
PLAIN=$(client "$PORT" "$WORK/storage" "$WORK/time")
GZIPPED=$(client "$GZIP_PORT" "$WORK/storage-gzip" "$WORK/time-gzip")
sleep 0.2
echo "== update from sequence 1 to 2"
report "files as they are" "$WORK/nginx/access.log" "$PLAIN_FROM" "$PLAIN" "$WORK/time"
report "gzip" "$WORK/nginx/access-gzip.log" "$GZIP_FROM" "$GZIPPED" "$WORK/time-gzip"
PLAIN_WIRE=$(tail -n +"$PLAIN_FROM" "$WORK/nginx/access.log" | awk '{ sum += $NF } END { print sum }')
GZIP_WIRE=$(awk '{ sum += $NF } END { print sum }' "$WORK/nginx/access-gzip.log")
python3 -c "import sys; sys.exit(0 if max($PLAIN_WIRE, $GZIP_WIRE) < 0.01 * $PACK_BYTES else 1)" || {
    echo "over the 1% bar" >&2
    exit 1
}

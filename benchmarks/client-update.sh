#!/usr/bin/env bash
# How many bytes does a GamePackClient update download after one changed image in the large
# project? The issue's bar: less than 2% of the pack's bytes.
#
#   bash benchmarks/client-update.sh
#
# Generates benchmarks/work/large once (~400 MB of images, git-ignored), builds the release
# `gamepack` and `gamepack-client-demo`, then:
#   1. builds the project at sequence 1, publishes it into a static tree (`gamepack publish --to`)
#      served by nginx on a free loopback port, and installs it with the demo client;
#   2. changes one byte of one photo (a location's, so its collection's canonical JSON changes
#      too), builds at sequence 2 with the cache, publishes, and updates with the demo client;
#   3. prints the bytes the update downloaded (the client's count, and nginx's body bytes sent
#      for the update's requests as an independent count) over the pack's bytes.
# Needs nginx (apt-get install nginx). IMAGE=photos/NNN.jpg picks another image.
set -euo pipefail
cd "$(dirname "$0")/.."

PROJECT=benchmarks/work/large
WORK=benchmarks/work/client
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
if [ ! -x "$NGINX" ]; then echo "install nginx: apt-get install nginx" >&2; exit 1; fi

swift build -c release --product gamepack
swift build -c release --product gamepack-client-demo
BIN=${BIN:-.build/release/gamepack}
DEMO=${DEMO:-.build/release/gamepack-client-demo}
if [ ! -f "$PROJECT/gamepack.yaml" ]; then python3 benchmarks/generate.py "$PROJECT"; fi

rm -rf "$WORK"
mkdir -p "$WORK/site" "$WORK/nginx/tmp"
"$BIN" keygen --out "$WORK/bench" >/dev/null
export SOURCE_DATE_EPOCH=1700000000
PROJECT_ID=$(sed -n 's/^id: *//p' "$PROJECT/gamepack.yaml" | tr -d '"'"'"' ')

# nginx on a free loopback port, foreground, as its own prefix; stopped on exit.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
error_log $PWD/$WORK/nginx/error.log;
events { worker_connections 64; }
http {
    log_format bytes '\$request \$status \$body_bytes_sent';
    access_log $PWD/$WORK/nginx/access.log bytes;
    client_body_temp_path $PWD/$WORK/nginx/tmp/body;
    proxy_temp_path $PWD/$WORK/nginx/tmp/proxy;
    fastcgi_temp_path $PWD/$WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $PWD/$WORK/nginx/tmp/uwsgi;
    scgi_temp_path $PWD/$WORK/nginx/tmp/scgi;
    default_type application/octet-stream;
    types { application/json json; }
    server { listen 127.0.0.1:$PORT; root $PWD/$WORK/site; }
}
EOF
"$NGINX" -p "$PWD/$WORK/nginx" -c "$PWD/$WORK/nginx/nginx.conf" -g "daemon off; pid $PWD/$WORK/nginx/nginx.pid;" &
NGINX_PID=$!

IMAGE=${IMAGE:-$(grep -rh "image: photos/" "$PROJECT/content/locations" | head -1 | sed 's/.*image: //')}
cp "$PROJECT/assets/$IMAGE" "$WORK/image.bak"
cleanup() {
    kill "$NGINX_PID" 2>/dev/null || true
    cp "$WORK/image.bak" "$PROJECT/assets/$IMAGE"
}
trap cleanup EXIT
for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $PORT))" 2>/dev/null && break
    sleep 0.1
done

client() {
    "$DEMO" --url "http://127.0.0.1:$PORT/" --project "$PROJECT_ID" --channel production \
        --pubkey "$WORK/bench.pub" --storage "$WORK/storage"
}

echo "== sequence 1: build, publish, install"
"$BIN" build "$PROJECT" --out "$WORK/out1" --sign "$WORK/bench.key" --sequence 1 --quiet
PACK1=$(ls "$WORK"/out1/*.gamepack)
"$BIN" publish "$PACK1" --to "$WORK/site" --channel production --key "$WORK/bench.key" --expires-in never
/usr/bin/env time -f '%e s wall, %M KB peak RSS' client | head -1

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
PACK2=$(ls -t "$WORK"/out2/*.gamepack | head -1)
"$BIN" publish "$PACK2" --to "$WORK/site" --channel production --key "$WORK/bench.key" --expires-in never
LINES=$(wc -l <"$WORK/nginx/access.log")
OUTPUT=$(/usr/bin/env time -f '%e s wall, %M KB peak RSS' -o "$WORK/time" client)
echo "$OUTPUT" | head -1
sleep 0.2
PACK_BYTES=$(stat -c %s "$PACK2")
CLIENT_BYTES=$(echo "$OUTPUT" | sed -n 's/.*downloaded \([0-9]*\) bytes.*/\1/p' | head -1)
NGINX_BYTES=$(tail -n +"$((LINES + 1))" "$WORK/nginx/access.log" | awk '{ sum += $NF } END { print sum }')
echo "update: $(cat "$WORK/time")"
echo "changed files downloaded:"
tail -n +"$((LINES + 1))" "$WORK/nginx/access.log" | awk '{ printf "  %s %s bytes\n", $2, $NF }'
python3 - "$CLIENT_BYTES" "$NGINX_BYTES" "$PACK_BYTES" <<'PY'
import sys
client, served, pack = map(int, sys.argv[1:])
print(f"pack: {pack} bytes; update downloaded {client} bytes (client), {served} bytes (nginx body bytes sent)")
print(f"ratio: {client / pack * 100:.3f}% of the pack (bar: < 2%)")
sys.exit(0 if client < 0.02 * pack else 1)
PY

#!/usr/bin/env python3
"""A static HTTP server for client tests that cuts downloads mid-stream.

    python3 cutting_server.py ROOT LOG [--cut-after BYTES]

Serves ROOT over HTTP/1.1 on a free loopback port and prints the port on the first line of
stdout. Honours `Range: bytes=N-` with 206 and Content-Range. The first request for each path
under v1/files/ sends full headers (Content-Length of the whole answer) but only --cut-after
bytes of the body, then closes the connection: a server cut mid-stream. Later requests for the
path are answered in full. Every request is logged to LOG as `path<TAB>range<TAB>status<TAB>bytes`.
"""

import http.server
import os
import signal
import sys
import threading

root, log_path = sys.argv[1], sys.argv[2]
cut_after = int(sys.argv[sys.argv.index("--cut-after") + 1]) if "--cut-after" in sys.argv else 4096
cut_done = set()
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, rng, status, sent):
        with lock, open(log_path, "a") as log:
            log.write(f"{self.path}\t{rng}\t{status}\t{sent}\n")

    def do_GET(self):
        path = os.path.normpath(self.path.split("?")[0]).lstrip("/")
        full = os.path.join(root, path)
        if path.startswith("..") or not os.path.isfile(full):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.record("", 404, 0)
            return
        data = open(full, "rb").read()
        rng = self.headers.get("Range", "")
        start = 0
        if rng.startswith("bytes=") and rng.endswith("-"):
            start = int(rng[6:-1])
            if start >= len(data):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(data)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                self.record(rng, 416, 0)
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        body = data[start:]
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        with lock:
            cut = path.startswith("v1/files/") and path not in cut_done and len(body) > cut_after
            if cut:
                cut_done.add(path)
        if cut:
            self.wfile.write(body[:cut_after])
            self.wfile.flush()
            self.record(rng, "cut", cut_after)
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.wfile.write(body)
        self.record(rng, 206 if start else 200, len(body))


# The test runner may start us with SIGTERM blocked; stop promptly when asked.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()

#!/usr/bin/env python3
"""A static HTTP server for client tests that answers file downloads the way a hostile CDN would.

    python3 hostile_server.py ROOT LOG --mode MODE

Serves ROOT over HTTP/1.1 on a free loopback port and prints the port on the first line of
stdout. Everything outside v1/files/ is served as it is. Requests under v1/files/ get, by MODE:

  announced  the file plus 60 MB, with a Content-Length that says so
  chunked    the file plus 60 MB, chunked (no length announced)
  gzip-bomb  Content-Encoding: gzip, chunked: a stream that inflates to 200 MB of zeros
  trickle    the right Content-Length, then one byte every 0.5 s

Every file request is logged to LOG as `path<TAB>bytes sent` when it ends (cut or not).
"""

import http.server
import os
import signal
import sys
import threading
import time
import zlib

root, log_path = sys.argv[1], sys.argv[2]
mode = sys.argv[sys.argv.index("--mode") + 1]
lock = threading.Lock()
EXTRA = 60 << 20


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, sent):
        with lock, open(log_path, "a") as log:
            log.write(f"{self.path}\t{sent}\n")

    def chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")

    def do_GET(self):
        path = os.path.normpath(self.path.split("?")[0]).lstrip("/")
        full = os.path.join(root, path)
        if path.startswith("..") or not os.path.isfile(full):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = open(full, "rb").read()
        if not path.startswith("v1/files/"):
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        sent = 0
        try:
            self.send_response(200)
            if mode == "announced":
                self.send_header("Content-Length", str(len(data) + EXTRA))
                self.end_headers()
                self.wfile.write(data)
                sent += len(data)
                block = b"\0" * (1 << 20)
                for _ in range(EXTRA >> 20):
                    self.wfile.write(block)
                    sent += len(block)
            elif mode == "chunked":
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                self.chunk(data)
                sent += len(data)
                block = b"\0" * (1 << 20)
                for _ in range(EXTRA >> 20):
                    self.chunk(block)
                    sent += len(block)
                self.wfile.write(b"0\r\n\r\n")
            elif mode == "gzip-bomb":
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
                block = b"\0" * (1 << 20)
                for _ in range(200):
                    out = compressor.compress(block)
                    if out:
                        self.chunk(out)
                        sent += len(out)
                out = compressor.flush()
                self.chunk(out)
                sent += len(out)
                self.wfile.write(b"0\r\n\r\n")
            elif mode == "trickle":
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                for i in range(len(data)):
                    self.wfile.write(data[i : i + 1])
                    self.wfile.flush()
                    sent += 1
                    time.sleep(0.5)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        self.record(sent)


# The test runner may start us with SIGTERM blocked; stop promptly when asked.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()

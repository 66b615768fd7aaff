"""A CONNECT proxy for PublishingClientTests: listens on 127.0.0.1, prints its port, writes
each request line it gets to the log file, and tunnels every CONNECT to 127.0.0.1:UPSTREAM,
whatever host the request names (so a server name that resolves nowhere is reachable only
through it). Anything but CONNECT gets 405.

    python3 connect_proxy.py UPSTREAM_PORT LOG_FILE
"""
import os
import signal
import socket
import sys
import threading

# A child of a Swift test inherits its blocked signals: unblock SIGTERM so that
# Process.terminate() ends the proxy, and end it anyway after two minutes.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
threading.Timer(120, os._exit, [0]).start()

upstream = int(sys.argv[1])
log = open(sys.argv[2], "a", buffering=1)
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)


def pipe(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def handle(client):
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = client.recv(4096)
        if not chunk:
            client.close()
            return
        head += chunk
    request_line = head.split(b"\r\n", 1)[0].decode("latin-1")
    log.write(request_line + "\n")
    if not request_line.startswith("CONNECT "):
        client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        client.close()
        return
    target = socket.create_connection(("127.0.0.1", upstream))
    client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    rest = head.split(b"\r\n\r\n", 1)[1]
    if rest:
        target.sendall(rest)
    threading.Thread(target=pipe, args=(client, target), daemon=True).start()
    threading.Thread(target=pipe, args=(target, client), daemon=True).start()


while True:
    connection, _ = listener.accept()
    threading.Thread(target=handle, args=(connection,), daemon=True).start()

#!/usr/bin/env python3
"""Runs a command and writes its wall time in seconds, to the microsecond, to a file.

Usage: timed.py OUT_FILE COMMAND [ARG...]

/usr/bin/time rounds the wall time to 10 ms: a tenth of a 0.1 s run, which moves a ratio by
10%. peers.sh runs `timed.py FILE /usr/bin/time -f %M ... COMMAND`: this script for the time,
/usr/bin/time for the peak RSS (its own few megabytes before it starts the command, as
before, rather than this interpreter's). The command's output goes where this script's goes;
the exit status is the command's.
"""
import subprocess
import sys
import time

if len(sys.argv) < 3:
    sys.exit(__doc__)
out, command = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
try:
    status = subprocess.call(command)
except OSError as error:
    sys.exit(f"timed.py: cannot run {command[0]}: {error.strerror}")
elapsed = time.perf_counter() - start
with open(out, "w") as f:
    f.write(f"{elapsed:.6f}\n")
sys.exit(status if status >= 0 else 128 - status)

#!/usr/bin/env python3
"""Runs one command and prints its wall time (s) and peak RSS (MB) of the process tree's
largest member, as `WALL RSS`. Usage: measure.py -- CMD ARGS..."""
import resource
import subprocess
import sys
import time

cmd = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
start = time.monotonic()
with open("/dev/null", "w") as sink:
    code = subprocess.call(cmd, stdout=sink, stderr=sink)
wall = time.monotonic() - start
rss_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{wall:.2f} {rss_kb / 1024:.0f} {code}")

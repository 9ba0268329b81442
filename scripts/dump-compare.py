#!/usr/bin/env python3
"""Compare two dumps from scripts/dump-served.ts, ignoring keys named on the command line (fields a change added on
purpose, e.g. acceleratorGroups). Prints the first differing paths; exit 0 when equal."""
import json, sys

a, b, *ignore = sys.argv[1:]
def strip(x):
    if isinstance(x, dict): return {k: strip(v) for k, v in x.items() if k not in ignore}
    if isinstance(x, list): return [strip(v) for v in x]
    return x
A, B = strip(json.load(open(a))), strip(json.load(open(b)))
diffs = []
def walk(p, x, y):
    if len(diffs) > 20: return
    if type(x) != type(y): diffs.append((p, x, y)); return
    if isinstance(x, dict):
        for k in sorted(set(x) | set(y)): walk(f"{p}.{k}", x.get(k, "<absent>"), y.get(k, "<absent>"))
    elif isinstance(x, list):
        if len(x) != len(y): diffs.append((p, f"len {len(x)}", f"len {len(y)}"))
        for i, (u, v) in enumerate(zip(x, y)): walk(f"{p}[{i}]", u, v)
    elif x != y: diffs.append((p, x, y))
walk("", A, B)
for p, x, y in diffs: print(p, "\n  before:", str(x)[:300], "\n  after: ", str(y)[:300])
print("EQUAL" if not diffs else f"{len(diffs)}+ differences")
sys.exit(1 if diffs else 0)

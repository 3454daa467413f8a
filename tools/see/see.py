#!/usr/bin/env python3
"""see.py RAW [--pictures DIR] [--only REGEX] [--adjacent] -- the report and
the pictures of `make see` (--only: just the findings matching REGEX, and the
summaries; --adjacent: the adjacent: lines too).

RAW is what the plugin build/see/access-plugin.so wrote (its header says the format and
the model). One line per finding, every launch of a kernel added up:

  access: kernel=K line=L space=global op=load segments=S ideal=I efficiency=E% warps=W
      S: 128-byte segments per warp; I: the fewest that hold the bytes asked
      for; E: bytes asked for / bytes moved (S x 128).
  access: kernel=K line=L space=local op=store bank_ways=B avg_ways=A conflicted=C% warps=W
      B: the worst warp's bank conflict (1 = none, 32 = every lane in one
      bank); A: the mean; C: share of warps slower than their words need.
  branch: kernel=K line=L active_lanes=A% divergent=D% warps=W
      A: lanes that reach the branch / (32 x sides the warp takes): a warp
      split in two keeps half its lanes busy on each side. D: share of the
      warp's visits that went both ways. W: warp-wide executions counted
      (every launch of the kernel added up).
  adjacent: kernel=K line=L space=global op=store neighbours=P% pairs=N
      (--adjacent) of N pairs of work-items side by side in a row of their
      group (local x and x + 1), the share P whose accesses of that line are
      at adjacent addresses: 100% when neighbouring work-items take
      neighbouring elements, 0% when each takes a run of its own.
  barrier: kernel=K line=L per_group=N
  source: kernel=K line=L: TEXT   the source line of each finding above
  summary: kernel=K launches=N work_items=.. phases=.. global_segments=..
      global_efficiency=..% bank_ways=.. local_replays=.. active_lanes=..%
      (over all lines; local_replays: passes the local accesses cost / the
      fewest their words need, 1.00 = no conflicts)
"""
import collections
import os
import re
import signal
import sys

PALETTE = ["#4477aa", "#ee9944", "#228833", "#aa3377", "#66ccee", "#bbbb44", "#888888"]


def die(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def pct(a, b):
    return "%.0f%%" % (100.0 * a / b) if b else "-"


def read(path):
    kernels = collections.OrderedDict()  # name -> dict
    mem = collections.OrderedDict()
    br = collections.OrderedDict()
    bar = collections.OrderedDict()
    src = {}
    maps = collections.OrderedDict()  # (kernel, buffer) -> the picture's cells
    adj = collections.OrderedDict()  # (kernel, line, col, space, op) -> [pairs, adjacent]
    try:
        f = open(path)
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    with f:
        for line in f:
            r = line.split()
            if not r:
                continue
            if r[0] == "K":
                k = kernels.setdefault(r[1], {"launches": 0, "items": 0, "groups": 0})
                k["launches"] += 1
                k["items"] += int(r[3])
                k["groups"] += int(r[5])
            elif r[0] == "M":
                key = (r[1], int(r[3]), int(r[4]), r[5], r[6])
                s = mem.setdefault(key, [0] * 7)
                for i, v in enumerate(r[7:14]):
                    s[i] = max(s[i], int(v)) if i == 4 else s[i] + int(v)
            elif r[0] == "N" and len(r) >= 9:  # kernel launch line col space op pairs adjacent
                s = adj.setdefault((r[1], int(r[3]), int(r[4]), r[5], r[6]), [0, 0])
                s[0] += int(r[7])
                s[1] += int(r[8])
            elif r[0] == "B":
                key = (r[1], int(r[3]), int(r[4]))
                s = br.setdefault(key, [0] * 4)
                for i, v in enumerate(r[5:9]):
                    s[i] += int(v)
            elif r[0] == "P":
                key = (r[1], int(r[3]))
                bar[key] = bar.get(key, 0) + int(r[4])
            elif r[0] == "S":  # kernel line text
                parts = line.rstrip("\n").split(" ", 3)
                src[(parts[1], int(parts[2]))] = parts[3] if len(parts) > 3 else ""
            elif r[0] == "A":  # kernel buffer space words items cols rows x y read write bad
                m = maps.setdefault((r[1], r[2]), {"space": r[3], "size": [int(v) for v in r[4:8]], "cells": {}})
                m["cells"][(int(r[8]), int(r[9]))] = (int(r[10]), int(r[11]), r[12] == "1")
    return kernels, mem, br, bar, src, maps, adj


def adjacent(adj):
    """The adjacent: lines, in the order of the lines of the source."""
    out = []
    for key in sorted(adj, key=lambda k: k[1:]):
        kernel, line, col, space, op = key
        pairs, near = adj[key]
        out.append("adjacent: kernel=%s line=%s space=%s op=%s neighbours=%s pairs=%d"
                   % (kernel, line if line else "?", space, op, pct(near, pairs), pairs))
    return out


def where(kernel, line, col, shared):
    """line=L, and col=C when another finding of the same kind shares the line."""
    return "kernel=%s line=%s%s" % (kernel, line if line else "?", " col=%d" % col if shared else "")


def report(kernels, mem, br, bar):
    out = []
    order = {k: i for i, k in enumerate(kernels)}  # kernels in the order they first ran
    lines_seen = collections.Counter((k[0], k[1], k[3], k[4]) for k in mem)
    tot = collections.defaultdict(lambda: collections.Counter())
    for key in sorted(mem, key=lambda k: (order.get(k[0], 0),) + k[1:]):
        kernel, line, col, space, op = key
        warps, segs, nbytes, ways, ways_max, ideal, bad = mem[key]
        shared = lines_seen[(kernel, line, space, op)] > 1
        w = where(kernel, line, col, shared)
        t = tot[kernel]
        if space == "local":
            out.append("access: %s space=local op=%s bank_ways=%d avg_ways=%.1f conflicted=%s warps=%d"
                       % (w, op, ways_max, ways / warps, pct(bad, warps), warps))
            t["ways"] += ways
            t["local_warps"] += warps
            t["passes"] += ideal
            t["ways_max"] = max(t["ways_max"], ways_max)
        else:
            out.append("access: %s space=%s op=%s segments=%.1f ideal=%.1f efficiency=%s warps=%d"
                       % (w, space, op, segs / warps, ideal / warps, pct(nbytes, segs * 128), warps))
            t["segs"] += segs
            t["bytes"] += nbytes
            t["global_warps"] += warps
    for key in sorted(br, key=lambda k: (order.get(k[0], 0),) + k[1:]):
        kernel, line, col = key
        warps, reached, slots, divergent = br[key]
        shared = sum(1 for k in br if k[0] == kernel and k[1] == line) > 1
        out.append("branch: %s active_lanes=%s divergent=%s warps=%d"
                   % (where(kernel, line, col, shared), pct(reached, slots), pct(divergent, warps), warps))
        tot[kernel]["reached"] += reached
        tot[kernel]["slots"] += slots
    for (kernel, line), n in sorted(bar.items(), key=lambda kv: (order.get(kv[0][0], 0), kv[0][1])):
        g = kernels.get(kernel, {}).get("groups", 0)
        out.append("barrier: kernel=%s line=%s per_group=%s" % (kernel, line or "?", "%g" % (n / g) if g else n))
        tot[kernel]["barriers"] += n
    for kernel, k in kernels.items():
        t = tot[kernel]
        parts = ["summary: kernel=%s launches=%d work_items=%d" % (kernel, k["launches"], k["items"] // k["launches"])]
        parts.append("phases=%g" % (1 + t["barriers"] / k["groups"]) if k["groups"] else "phases=1")
        if t["global_warps"]:
            parts.append("global_segments=%.1f global_efficiency=%s"
                         % (t["segs"] / t["global_warps"], pct(t["bytes"], t["segs"] * 128)))
        if t["local_warps"]:
            parts.append("bank_ways=%d local_replays=%.2f" % (t["ways_max"], t["ways"] / t["passes"]))
        if t["slots"]:
            parts.append("active_lanes=%s" % pct(t["reached"], t["slots"]))
        out.append(" ".join(parts))
    return out


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def colour(phase, last):
    """The barrier phase's colour: distinct colours up to 7 phases, a ramp
    from blue to yellow beyond."""
    if last < len(PALETTE):
        return PALETTE[phase]
    t = phase / last
    ramp = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
    i = min(int(t * (len(ramp) - 1)), len(ramp) - 2)
    f = t * (len(ramp) - 1) - i
    return "#%02x%02x%02x" % tuple(round(a + (b - a) * f) for a, b in zip(ramp[i], ramp[i + 1]))


def svg(kernel, buf, pic, path):
    """A buffer's words (across) against the work-items (down), as the plugin
    binned them; each cell's top half read, bottom half written, coloured by
    the last barrier phase that did so; a red bar left of the rows where a
    warp touched more than twice the segments its bytes need, or met a bank
    conflict. 360 px wide (a phone)."""
    words, items, cols, rows = pic["size"]
    cells = pic["cells"]
    last = max(max(c[0], c[1]) for c in cells.values())
    W, left, top = 360, 30, 40
    cw = (W - left - 6) / cols
    ch = max(2.0, min(cw, 300.0 / rows))
    H = top + rows * ch + 44
    mid = top + rows * ch / 2
    o = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" '
         'font-family="sans-serif" font-size="11">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="4" y="13" font-weight="bold">%s: %s (%s)</text>' % (esc(kernel), esc(buf), pic["space"]),
         '<text x="%d" y="31">4-byte words 0..%d &#8594;</text>' % (left, words - 1),
         '<text x="12" y="%.1f" text-anchor="middle" transform="rotate(-90 12 %.1f)">work-items 0..%d &#8594;</text>'
         % (mid, mid, items - 1)]
    for y in range(rows):
        for half in (0, 1):  # runs of one colour along the row: one rect each
            x = 0
            while x < cols:
                c = cells.get((x, y))
                p = c[half] if c else -1
                x1 = x + 1
                while x1 < cols and cells.get((x1, y), (-1, -1))[half] == p and p >= 0:
                    x1 += 1
                if p >= 0:
                    o.append('<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>'
                             % (left + x * cw, top + y * ch + half * ch / 2, (x1 - x) * cw, ch / 2, colour(p, last)))
                x = x1
    bad = sorted({y for (x, y), c in cells.items() if c[2]})
    for y in bad:
        o.append('<rect x="%d" y="%.1f" width="5" height="%.1f" fill="#cc0000"/>' % (left - 8, top + y * ch, ch))
    ly = top + rows * ch + 16
    shown = list(range(last + 1)) if last < len(PALETTE) else [round(last * i / 6) for i in range(7)]
    x = 4
    o.append('<text x="%d" y="%.1f">phase</text>' % (x, ly))
    x += 38
    for p in shown:
        o.append('<rect x="%d" y="%.1f" width="12" height="10" fill="%s"/><text x="%d" y="%.1f">%d</text>'
                 % (x, ly - 9, colour(p, last), x + 14, ly, p))
        x += 36 if p < 10 else 42
    o.append('<text x="4" y="%.1f">cell: top read, bottom written; red: wasteful warp</text>' % (ly + 18))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def main(argv):
    pictures = None
    only = None
    near = False
    args = []
    i = 0
    while i < len(argv):
        if argv[i] == "--pictures" and i + 1 < len(argv):
            pictures = argv[i + 1]
            i += 2
        elif argv[i] == "--only" and i + 1 < len(argv):
            try:
                only = re.compile(argv[i + 1])
            except re.error as e:
                die("--only %s: %s" % (argv[i + 1], e))
            i += 2
        elif argv[i] == "--adjacent":
            near = True
            i += 1
        elif argv[i].startswith("-"):
            die("unknown option %s (usage: see.py RAW [--pictures DIR] [--only REGEX] [--adjacent])" % argv[i])
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 1:
        die("usage: see.py RAW [--pictures DIR] [--only REGEX] [--adjacent]")
    kernels, mem, br, bar, src, maps, adj = read(args[0])
    if not kernels:
        die("no kernel ran under Oclgrind (was the plugin loaded?)")
    found = report(kernels, mem, br, bar)
    if near:  # before the summaries, which come last
        at = next((i for i, x in enumerate(found) if x.startswith("summary:")), len(found))
        found[at:at] = adjacent(adj)
    shown = [line for line in found
             if only is None or line.startswith("summary:") or only.search(line)]
    for kernel in kernels:  # the findings of each kernel, its source lines, its summary
        mine = [line for line in shown if " kernel=%s " % kernel in line]
        lines = sorted({int(m.group(1)) for m in (re.search(r" line=(\d+)", x) for x in mine) if m})
        for line in mine[:-1]:
            print(line)
        for n in lines:
            if (kernel, n) in src:
                print("source: kernel=%s line=%d: %s" % (kernel, n, src[(kernel, n)]))
        print(mine[-1])
    if pictures is not None:
        try:
            os.makedirs(pictures, exist_ok=True)
        except OSError as e:
            die("cannot write pictures to %s: %s" % (pictures, e.strerror))
        for old in os.listdir(pictures):
            if old.endswith(".svg"):
                os.remove(os.path.join(pictures, old))
        n = 0
        for (kernel, buf), pic in maps.items():
            name = re.sub(r"[^A-Za-z0-9_.-]", "_", "%s-%s" % (kernel, buf)) + ".svg"
            svg(kernel, buf, pic, os.path.join(pictures, name))
            n += 1
        print("pictures: %s/*.svg (%d: work-items against elements per buffer, first launch of each kernel)"
              % (pictures.rstrip("/"), n))


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `make see ... | head` is fine
    main(sys.argv[1:])

#!/usr/bin/env python3
"""book-plot.py CSV OUT.svg key=value... -- a line figure for the book, drawn
from a result file, so that the figure follows the data.

  x=COL y=COL series=COL      what goes where (required)
  show=a,b,c                  the series to draw, in this order (at most 7)
  headline=NAME               drawn thick, the kernel the text argues about
  dashed=a,b                  drawn dashed (libraries, yardsticks)
  where="col=v col2=v2"       keep only matching rows (spaces or commas between)
  logx=1 logy=1               log axes (base 2 for x when its values are powers of 2)
  xlabel=... ylabel=...       axis titles
  hline=META:label            a horizontal line at the value of comment line `# META: value`,
                              or at the highest value of column META
  yard=COL:label              a yardstick from another column (its best value at
                              each x), drawn dashed in grey: a copy kernel, a peak
  labels=name:text,...        the text of a series' label
  vary=col,...                columns that may differ among the rows of one point
                              (the best configuration is drawn); without it,
                              rows at one point must be repeated runs (agree on
                              every column of whole numbers or words whose
                              name has no unit: ms, gbps, gflops, ...), and
                              their median is drawn

kind=roofline n=N intensity="a,b:0.25;c:4;d,e:tiles" draws instead a roofline
at size N (rows with M = N): each variant at its FLOP per byte (`tiles` means
2·BM·BN/(4·(BM+BN)) from the comment line `# tiles: BMxBNx...`) against
min(peak, bandwidth × FLOP/byte), from `# peak_gflops:` and `# copy_gbps:`.

Labels sit at the right end of each line, pushed apart so that they never
overlap; text is 15 px in a 640-unit-wide picture, readable when a phone
shows it 540 px wide. A missing file, column or series is an error (exit 2)."""
import math
import os
import re
import statistics
import sys

MEASURED = re.compile(r"^(ms|speedup|gain)$|_ms$|gbps$|gflops$|^pct_|^vs_")  # a unit in the name
FRACTION = re.compile(r"^\s*[-+]?(\d*\.\d*|[\d.]+[eE][-+]?\d+)\s*$")

COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#7f7f7f", "#8c564b"]
HEAD = "#D55E00"
W, H = 560, 400
L, T, B = 76, 20, 58   # margins; the right one holds the labels of the lines


def die(msg):
    print("book-plot: " + msg, file=sys.stderr)
    if not sys.stdout.isatty():  # plots.lua shows what the script printed
        print("book-plot: " + msg)
    sys.exit(2)


def warn_or_die(msg):
    """A problem book/numbers-pending.txt lists (not fixed yet) is a warning."""
    pending = []
    if os.environ.get("BOOK_NUMBERS_STRICT") != "1":
        try:
            with open("book/numbers-pending.txt", encoding="utf-8") as f:
                pending = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
        except OSError:
            pass
    if any(p in msg for p in pending):
        print("book-plot: pending (book/numbers-pending.txt): " + msg, file=sys.stderr)
    else:
        die(msg)


def read(path):
    meta, header, rows = {}, None, []
    try:
        f = open(path, encoding="utf-8")
    except OSError:
        die("cannot open " + path)
    for line in f:
        line = line.rstrip("\n")
        if line.startswith("#"):
            k, _, v = line[1:].partition(":")
            meta[k.strip()] = v.strip()
        elif line.strip():
            cells = line.split(",")
            if header is None:
                header = [c.strip() for c in cells]
            else:
                rows.append(dict(zip(header, cells)))
    if header is None:
        die(path + " has no header row")
    return meta, header, rows


def nice_ticks(lo, hi, log):
    if log:
        a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
        return [10 ** e for e in range(a, b + 1)]
    span = hi - lo
    step = 10 ** math.floor(math.log10(span / 5)) if span > 0 else 1
    for m in (1, 2, 5, 10):
        if span / (step * m) <= 6:
            step *= m
            break
    start = math.floor(lo / step) * step
    return [start + i * step for i in range(int((hi - start) / step) + 2)]


SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def fmt(v, pow2=False):
    if pow2:
        return "2" + str(int(round(math.log2(v)))).translate(SUP)
    if v >= 10000:
        return "{:,}".format(int(v)).replace(",", " ")
    return "%g" % v


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def push_apart(items, gap, lo, hi):
    """items: [y, ...] lists sorted by y; move them to at least GAP apart within [lo, hi]."""
    items.sort(key=lambda l: l[0])
    for i in range(1, len(items)):
        if items[i][0] < items[i - 1][0] + gap:
            items[i][0] = items[i - 1][0] + gap
    over = items[-1][0] - hi if items else 0
    if over > 0:
        for l in items:
            l[0] -= over
        for i in range(len(items) - 2, -1, -1):
            if items[i][0] > items[i + 1][0] - gap:
                items[i][0] = items[i + 1][0] - gap


def roofline(src, out, opt, meta, rows):
    """Each kernel at its `intensity` (a column of the CSV, FLOP per byte it
    requests) at n = opt n, under the measured peak and copy bandwidth (the
    highest `peak_gflops` and `copy_gbps` of those rows)."""
    n = opt.get("n")
    keep = [r for r in rows if r.get("n") == n and r.get("mode", "all") == "all"
            and r.get("intensity", "").strip() and r.get("gflops", "").strip()]
    if not keep:
        die("%s: no rows with an intensity at n = %s" % (src, n))
    for k in ("peak_gflops", "copy_gbps"):
        if not any(r.get(k, "").strip() for r in keep):
            die("%s: no %s at n = %s" % (src, k, n))
    peak = max(float(r["peak_gflops"]) for r in keep if r.get("peak_gflops", "").strip())
    bw = max(float(r["copy_gbps"]) for r in keep if r.get("copy_gbps", "").strip())
    best = {}
    for r in keep:
        v = r["variant"]
        if v not in best or float(r["gflops"]) > best[v][1]:
            best[v] = (float(r["intensity"]), float(r["gflops"]), v)
    pts = list(best.values())
    W2, L2, R2, T2, B2 = W, 76, 20, 20, 56
    x0, x1 = 0.1, 100.0
    y1 = 10 ** math.ceil(math.log10(peak * 1.05))
    y0 = 10 ** math.floor(math.log10(min(min(p[1] for p in pts), bw * x0)))
    px = lambda v: L2 + (math.log10(v) - math.log10(x0)) / (math.log10(x1) - math.log10(x0)) * (W2 - L2 - R2)
    py = lambda v: H - B2 - (math.log10(v) - math.log10(y0)) / (math.log10(y1) - math.log10(y0)) * (H - T2 - B2)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img">' % (W2, H, W2, H),
         '<title>%s</title>' % esc(opt.get("title", "roofline")), '<rect width="100%" height="100%" fill="#fff"/>',
         '<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="16" fill="#222">']
    e = math.log10(x0)
    while e <= math.log10(x1) + 1e-9:
        x = px(10 ** e)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e4e4e4"/>' % (x, T2, x, H - B2))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x, H - B2 + 20, fmt(10 ** e)))
        e += 1
    e = math.log10(y0)
    while e <= math.log10(y1) + 1e-9:
        y = py(10 ** e)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e4e4e4"/>' % (L2, y, W2 - R2, y))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L2 - 6, y + 5, esc(fmt(10 ** e))))
        e += 1
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (L2, T2, W2 - L2 - R2, H - T2 - B2))
    ridge = peak / bw
    o.append('<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f" fill="none" stroke="%s" stroke-width="3"/>'
             % (px(x0), py(bw * x0), px(ridge), py(peak), px(x1), py(peak), HEAD))
    o.append('<text x="%d" y="%.1f" fill="%s" text-anchor="end">peak %s GFLOP/s</text>'
             % (W2 - R2 - 6, py(peak) - 8, HEAD, fmt(round(peak))))
    o.append('<text x="%.1f" y="%.1f" fill="%s" transform="rotate(%.1f %.1f %.1f)">copy %s GB/s × FLOP/byte</text>'
             % (px(x0) + 10, py(bw * x0 * 1.6) - 8, HEAD,
                -math.degrees(math.atan2(py(bw * x0) - py(bw * x1 / 10), px(x1 / 10) - px(x0))),
                px(x0) + 10, py(bw * x0 * 1.6) - 8, fmt(round(bw))))
    o.append('<text x="%d" y="%d" text-anchor="middle">FLOP per byte requested from global memory</text>' % ((L2 + W2 - R2) / 2, H - 12))
    o.append('<text transform="translate(16,%d) rotate(-90)" text-anchor="middle">GFLOP/s</text>' % ((T2 + H - B2) / 2))
    groups = {}
    for x, y, name in pts:
        o.append('<circle cx="%.1f" cy="%.1f" r="4.5" fill="#0072B2"/>' % (px(x), py(y)))
        groups.setdefault(x, []).append([py(y), name])
    for x, items in groups.items():
        push_apart(items, 17, T2 + 12, H - B2 - 4)
        for y, name in items:
            o.append('<text x="%.1f" y="%.1f" fill="#0072B2">%s</text>' % (px(x) + 9, y + 5, esc(name)))
    o.append("</g></svg>")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")


def main(argv):
    if len(argv) < 3:
        die("usage: book-plot.py CSV OUT.svg x=COL y=COL series=COL ...")
    src, out = argv[0], argv[1]
    opt = dict(a.split("=", 1) for a in argv[2:])
    meta, header, rows = read(src)
    all_rows = rows
    if opt.get("kind") == "roofline":
        return roofline(src, out, opt, meta, rows)
    for c in ("x", "y"):
        if c not in opt:
            die("%s= is required" % c)
    for k in ("x", "y", "series"):
        if k in opt and opt[k] not in header:
            die("%s has no column '%s'" % (src, opt[k]))
    for cond in filter(None, opt.get("where", "").replace(",", " ").split()):
        col, _, val = cond.partition("=")
        if col not in header:
            die("%s has no column '%s'" % (src, col))
        rows = [r for r in rows if r.get(col) in val.split("|")]
    xs_col, y_col, s_col = opt["x"], opt["y"], opt.get("series")
    # Several rows at one point must be repeats of one run (their median is
    # drawn): they agree on every parameter column (a column whose values are
    # all whole numbers or words), unless vary= names the columns that may
    # differ, and then the best configuration's median is drawn.
    params = [h for h in header if not MEASURED.search(h)
              and not any(FRACTION.match(r.get(h, "") or "") for r in all_rows)]
    vary = set(filter(None, opt.get("vary", "").split(",")))
    points, order = {}, []
    for r in rows:
        name = r[s_col] if s_col else y_col
        try:
            x, y = float(r[xs_col]), float(r[y_col])
        except (ValueError, KeyError):
            continue
        if name not in order:
            order.append(name)
        points.setdefault((name, x), []).append((r, y))
    series = {}
    for (name, x), hits in points.items():
        differ = [h for h in params if h not in vary and h not in (xs_col, s_col)
                  and len({r.get(h, "") for r, _ in hits}) > 1]
        if differ and (not opt.get("show") or name in opt["show"].split(",")):
            warn_or_die("%s: the point %s=%s, %s=%g combines %d rows that are not repeats of one run: they differ in %s "
                "(narrow where=, or name the columns that may differ with vary=)"
                % (src, s_col or "y", name, xs_col, x, len(hits),
                   ", ".join("%s (%s)" % (h, ", ".join(sorted({r.get(h, "") for r, _ in hits}))) for h in differ)))
        configs = {}
        for r, y in hits:
            configs.setdefault(tuple(r.get(h, "") for h in sorted(vary | set(differ))), []).append(y)
        best = max(statistics.median(v) for v in configs.values())
        series.setdefault(name, []).append((x, best))
    for name in series:
        series[name].sort()
    show = opt["show"].split(",") if "show" in opt else order
    if len(show) > 7:
        die("at most 7 series in one figure (%d asked)" % len(show))
    for s in show:
        if s not in series:
            die("%s: no series '%s' (have: %s)" % (src, s, ", ".join(order)))
    headline = opt.get("headline")
    dashed = set(filter(None, opt.get("dashed", "").split(",")))
    logx, logy = opt.get("logx") == "1", opt.get("logy") == "1"
    names = dict(p.split(":", 1) for p in filter(None, opt.get("labels", "").split(",")))
    yard = None
    if "yard" in opt:
        col, _, label = opt["yard"].partition(":")
        if col not in header:
            die("%s has no column '%s'" % (src, col))
        best = {}
        for r in rows:
            try:
                x, y = float(r[xs_col]), float(r[col])
            except (ValueError, KeyError):
                continue
            best[x] = max(best.get(x, 0), y)
        yard = (sorted(best.items()), label or col)
    longest = max([len(names.get(s, s)) for s in show] + [len(yard[1]) if yard else 0] + [12])
    R = int(longest * 9.6 + 16)
    hline = None
    if "hline" in opt:
        key, _, label = opt["hline"].partition(":")
        if key in meta:
            hline = (float(meta[key].split()[0]), label or key)
        elif key in header:  # a column: the highest value measured
            vals = [float(r[key]) for r in rows if r.get(key, "").strip()]
            hline = (max(vals), label or key)
        else:
            die("%s has no comment line '# %s:' and no column '%s'" % (src, key, key))
    pts = [p for s in show for p in series[s]] + (yard[0] if yard else [])
    xlo, xhi = min(p[0] for p in pts), max(p[0] for p in pts)
    ylo, yhi = min(p[1] for p in pts), max(p[1] for p in pts)
    if hline:
        yhi = max(yhi, hline[0])
    sup = False
    pow2 = logx and all(abs(math.log2(p[0]) - round(math.log2(p[0]))) < 1e-9 for p in pts)
    if logy:
        ylo, yhi = 10 ** math.floor(math.log10(ylo)), 10 ** math.ceil(math.log10(yhi))
    else:
        ylo = 0
        yhi = yhi * 1.08
    if logx:
        fx = lambda v: math.log2(v) if pow2 else math.log10(v)
    else:
        fx = lambda v: v
    fy = (lambda v: math.log10(v)) if logy else (lambda v: v)
    X0, X1 = fx(xlo), fx(xhi)
    Y0, Y1 = fy(ylo), fy(yhi)
    if X1 == X0:
        X1 = X0 + 1
    # the left margin holds the widest tick label and, beside it, the axis
    # title: never one on top of the other
    global L
    widest = max([len(fmt(t)) for t in nice_ticks(ylo, yhi, logy) if ylo <= t <= yhi * 1.0001] + [1])
    L = max(L, int(widest * 9.8) + 6 + 30)
    px = lambda v: L + (fx(v) - X0) / (X1 - X0) * (W - L - R)
    py = lambda v: H - B - (fy(v) - Y0) / (Y1 - Y0) * (H - T - B)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img">' % (W, H, W, H),
         '<title>%s</title>' % esc(opt.get("title", src)),
         '<rect width="100%" height="100%" fill="#fff"/>',
         '<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="16" fill="#222">']
    # grid and ticks
    if pow2:
        xt = [2 ** e for e in range(int(round(math.log2(xlo))), int(round(math.log2(xhi))) + 1)]
        step = max(1, -(-len(xt) // 7))
        xt = xt[::step]
        sup = xhi >= 2 ** 14
    else:
        xt = [t for t in nice_ticks(xlo, xhi, logx) if xlo <= t <= xhi]
    for t in xt:
        x = px(t)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e4e4e4"/>' % (x, T, x, H - B))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x, H - B + 20, esc(fmt(t, pow2 and sup))))
    yt = [t for t in nice_ticks(ylo, yhi, logy) if ylo <= t <= yhi * 1.0001]
    for t in yt:
        y = py(t)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e4e4e4"/>' % (L, y, W - R, y))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L - 6, y + 5, esc(fmt(t))))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (L, T, W - L - R, H - T - B))
    o.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % ((L + W - R) / 2, H - 12, esc(opt.get("xlabel", xs_col))))
    o.append('<text transform="translate(16,%d) rotate(-90)" text-anchor="middle">%s</text>'
             % ((T + H - B) / 2, esc(opt.get("ylabel", y_col))))
    labels = []
    if hline:
        y = py(hline[0])
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#444" stroke-width="1.5" stroke-dasharray="7,5"/>'
                 % (L, y, W - R, y))
        labels.append([y, hline[1], "#444", False])
    if yard:
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", px(x), py(y)) for i, (x, y) in enumerate(yard[0]))
        o.append('<path d="%s" fill="none" stroke="#555" stroke-width="2" stroke-dasharray="3,4"/>' % d)
        labels.append([py(yard[0][-1][1]), yard[1], "#555", False])
    ci = 0
    for s in show:
        p = sorted(series[s])
        if s == headline:
            color, width = HEAD, 4
        else:
            color, width = COLORS[ci % len(COLORS)], 2
            ci += 1
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", px(x), py(y)) for i, (x, y) in enumerate(p))
        dash = ' stroke-dasharray="8,5"' if s in dashed else ""
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="%g"%s stroke-linejoin="round"/>' % (d, color, width, dash))
        for x, y in p:
            o.append('<circle cx="%.1f" cy="%.1f" r="%g" fill="%s"/>' % (px(x), py(y), 4.5 if s == headline else 3, color))
        labels.append([py(p[-1][1]), names.get(s, s), color, s == headline])
    # labels at the right, pushed apart to at least 17 units
    labels.sort(key=lambda l: l[0])
    gap = 18
    for i in range(1, len(labels)):
        if labels[i][0] < labels[i - 1][0] + gap:
            labels[i][0] = labels[i - 1][0] + gap
    over = labels[-1][0] - (H - B) if labels else 0
    if over > 0:
        for l in labels:
            l[0] -= over
        for i in range(len(labels) - 2, -1, -1):
            if labels[i][0] > labels[i + 1][0] - gap:
                labels[i][0] = labels[i + 1][0] - gap
    for y, text, color, head in labels:
        o.append('<text x="%d" y="%.1f" fill="%s"%s>%s</text>'
                 % (W - R + 8, y + 5, color, ' font-weight="bold"' if head else "", esc(text)))
    o.append("</g></svg>")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])

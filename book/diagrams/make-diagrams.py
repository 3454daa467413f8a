#!/usr/bin/env python3
"""make-diagrams.py [OUTDIR] -- draw the book's diagrams of ideas as SVG.

One function per diagram; each returns the SVG text. tools/book.sh runs this
before every build, so a diagram cannot drift from its source here. Plain SVG
(rect, line, path, text) that browsers, rsvg-convert and WeasyPrint all draw;
text in DejaVu Sans at 15 px or more in a viewBox at most 560 units wide, so
that it stays readable when a phone shrinks the picture to 370 px."""
import os
import sys

GREEN, BLUE, ORANGE, GREY, RED = "#1f7a4d", "#2b6cb0", "#d9822b", "#9aa3a0", "#c0392b"
LIGHT = {"green": "#e3f1e8", "blue": "#e4eef9", "orange": "#fbeedd", "grey": "#f0f2f1", "red": "#f8e1de"}


class Svg:
    def __init__(self, w, h, title):
        self.w, self.h, self.parts = w, h, []
        self.title = title

    def add(self, s):
        self.parts.append(s)

    def rect(self, x, y, w, h, fill="#fff", stroke="#444", sw=1.2, rx=2, dash=None):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.add('<rect x="%g" y="%g" width="%g" height="%g" rx="%g" fill="%s" stroke="%s" stroke-width="%g"%s/>'
                 % (x, y, w, h, rx, fill, stroke, sw, d))

    def text(self, x, y, s, size=15, anchor="middle", color="#222", weight="normal", mono=False, italic=False):
        fam = "DejaVu Sans Mono, monospace" if mono else "DejaVu Sans, Helvetica, Arial, sans-serif"
        st = ' font-style="italic"' if italic else ""
        s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.add('<text x="%g" y="%g" font-family="%s" font-size="%g" text-anchor="%s" fill="%s" font-weight="%s"%s>%s</text>'
                 % (x, y, fam, size, anchor, color, weight, st, s))

    def line(self, x1, y1, x2, y2, color="#444", sw=1.5, arrow=False, dash=None):
        a = ' marker-end="url(#arrow)"' if arrow else ""
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.add('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"%s%s/>'
                 % (x1, y1, x2, y2, color, sw, a, d))

    def path(self, d, color="#444", sw=1.5, arrow=False, fill="none"):
        a = ' marker-end="url(#arrow)"' if arrow else ""
        self.add('<path d="%s" stroke="%s" stroke-width="%g" fill="%s"%s/>' % (d, color, sw, fill, a))

    def svg(self):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img">\n'
                '<title>%s</title>\n<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker></defs>\n'
                '<rect width="100%%" height="100%%" fill="#fff"/>\n' % (self.w, self.h, self.w, self.h, self.title))
        return head + "\n".join(self.parts) + "\n</svg>\n"


def ndrange():
    """01: an NDRange of 16 work-items for X = 13, in work-groups of 4."""
    s = Svg(560, 210, "NDRange, work-groups and work-items")
    s.text(20, 26, "NDRange of 16 work-items: X = 13 rounded up to 4 · 4", anchor="start", size=15, weight="bold")
    cw, x0, y0 = 31, 24, 70
    for g in range(4):
        gx = x0 + g * (4 * cw + 8)
        s.rect(gx - 4, y0 - 28, 4 * cw + 8, 82, fill=LIGHT["blue"], stroke=BLUE, rx=5)
        s.text(gx + 2 * cw, y0 - 10, "work-group %d" % g, size=14, color=BLUE, weight="bold")
        for l in range(4):
            gid = g * 4 + l
            past = gid >= 13
            s.rect(gx + l * cw, y0, cw - 3, 44, fill=LIGHT["grey"] if past else "#fff",
                   stroke=GREY if past else "#333", dash="4,3" if past else None)
            s.text(gx + l * cw + (cw - 3) / 2, y0 + 19, str(gid), size=15, color=GREY if past else "#111", weight="bold")
            s.text(gx + l * cw + (cw - 3) / 2, y0 + 37, str(l), size=13, color=GREY if past else GREEN)
    s.text(20, 150, "black: get_global_id(0); green: get_local_id(0)", anchor="start", size=14)
    s.text(20, 172, "get_group_id(0) = global id / 4; get_local_size(0) = 4", anchor="start", size=14)
    s.text(20, 196, "dashed: work-items 13 to 15 have no element; the bound check returns", anchor="start", size=14, color="#555")
    return s.svg()


def memory():
    """02: the memory a kernel sees."""
    s = Svg(560, 330, "The OpenCL memory hierarchy")
    s.rect(10, 10, 540, 250, fill="#fafbfa", stroke="#555", rx=6)
    s.text(22, 32, "device", anchor="start", weight="bold")
    for c in range(2):
        cx = 26 + c * 262
        s.rect(cx, 44, 246, 132, fill=LIGHT["green"], stroke=GREEN, rx=5)
        s.text(cx + 123, 64, "compute unit: one work-group", size=14, color=GREEN, weight="bold")
        for w in range(3):
            wx = cx + 10 + w * 78
            s.rect(wx, 74, 70, 48, fill="#fff", stroke="#555")
            s.text(wx + 35, 93, "work-item", size=12)
            s.text(wx + 35, 112, "private", size=13, color=BLUE, weight="bold")
        s.rect(cx + 10, 132, 226, 34, fill="#fff", stroke=GREEN)
        s.text(cx + 123, 154, "local memory of the group", size=13)
    s.rect(26, 186, 508, 30, fill=LIGHT["orange"], stroke=ORANGE)
    s.text(280, 206, "global memory: buffers, visible to all work-items", size=14)
    s.rect(26, 222, 508, 28, fill=LIGHT["orange"], stroke=ORANGE, dash="5,3")
    s.text(280, 241, "constant memory: read-only part of global memory", size=14)
    s.rect(10, 284, 540, 34, fill=LIGHT["grey"], stroke="#555", rx=6)
    s.text(280, 306, "host memory (h_A); clEnqueueWrite/ReadBuffer copy to and from d_A", size=14)
    s.line(280, 284, 280, 252, arrow=True)
    s.line(300, 252, 300, 284, arrow=True)
    s.text(546, 276, "faster and smaller upward", size=12, anchor="end", color="#555", italic=True)
    return s.svg()


def float4():
    """03: float4 lanes and the tail, X = 10."""
    s = Svg(560, 220, "float4 work-items and the tail")
    s.text(20, 26, "X = 10 elements of C, four per work-item: 3 work-items", anchor="start", weight="bold")
    cw, x0 = 42, 40
    for i in range(12):
        past = i >= 10
        s.rect(x0 + i * cw, 70, cw - 4, 40, fill=LIGHT["grey"] if past else "#fff",
               stroke=GREY if past else "#333", dash="4,3" if past else None)
        s.text(x0 + i * cw + (cw - 4) / 2, 96, str(i) if not past else "", size=14, color="#111")
    for w, (col, name) in enumerate([(BLUE, "work-item 0: one float4"), (BLUE, "work-item 1: one float4"),
                                     (ORANGE, "work-item 2: own = X % 4 = 2")]):
        x = x0 + w * 4 * cw
        s.rect(x - 3, 62, 4 * cw - 2, 56, fill="none", stroke=col, sw=2.2, rx=5)
        s.text(x + 2 * cw - 3, 52, name if w < 2 else "", size=12, color=col)
    s.text(x0 + 8 * cw + 2 * cw - 3, 52, "work-item 2: the tail", size=12, color=ORANGE, weight="bold")
    s.text(x0 + 10 * cw + cw - 2, 136, "past X", size=12, color=GREY)
    s.text(20, 160, "Work-items 0 and 1 load and store with one 16-byte access each.", anchor="start", size=14)
    s.text(20, 182, "The tail reads its 2 elements one by one into a zero-filled vector,", anchor="start", size=14)
    s.text(20, 204, "computes in float4, and stores only those 2: nothing past X is touched.", anchor="start", size=14)
    return s.svg()


def hillis_steele():
    """04: Hillis-Steele on eight values."""
    s = Svg(560, 330, "Hillis-Steele scan")
    vals = [3, 1, 7, 0, 4, 1, 6, 3]
    rows = [vals]
    d = 1
    while d < 8:
        prev = rows[-1]
        rows.append([prev[i] + (prev[i - d] if i >= d else 0) for i in range(8)])
        d *= 2
    cw, x0, rh = 56, 96, 82
    for r, row in enumerate(rows):
        y = 20 + r * rh
        label = "input" if r == 0 else "d = %d" % (1 << (r - 1))
        s.text(10, y + 24, label, anchor="start", size=14, weight="bold", color=BLUE if r else "#222")
        for i, v in enumerate(row):
            s.rect(x0 + i * cw, y, cw - 10, 36, fill=LIGHT["green"] if r == 3 else "#fff", stroke="#444")
            s.text(x0 + i * cw + (cw - 10) / 2, y + 24, str(v), size=16)
        if r + 1 < len(rows):
            dd = 1 << r
            for i in range(8):
                xc = x0 + i * cw + (cw - 10) / 2
                s.line(xc, y + 36, xc, y + rh - 2, color="#999", sw=1.2, arrow=True)
                if i >= dd:
                    xs = x0 + (i - dd) * cw + (cw - 10) / 2
                    s.line(xs + 4, y + 38, xc - 4, y + rh - 4, color=ORANGE, sw=1.6, arrow=True)
    s.text(x0, 20 + 3 * rh + 56, "each step: read one buffer, write the other, barrier", anchor="start", size=14, color="#555")
    return s.svg()


def blelloch():
    """04: Blelloch up-sweep and down-sweep on eight values."""
    vals = [3, 1, 7, 0, 4, 1, 6, 3]
    s = Svg(560, 560, "Blelloch scan")
    cw, x0, rh = 56, 110, 64
    a = list(vals)
    states = [("input", list(a), set())]
    off = 1
    while off < 8:
        changed = set()
        for i in range(2 * off - 1, 8, 2 * off):
            a[i] += a[i - off]
            changed.add(i)
        states.append(("up %d" % off, list(a), changed))
        off *= 2
    a[7] = 0
    states.append(("clear", list(a), {7}))
    off = 4
    while off >= 1:
        changed = set()
        for i in range(2 * off - 1, 8, 2 * off):
            t = a[i - off]
            a[i - off] = a[i]
            a[i] += t
            changed.update({i, i - off})
        states.append(("down %d" % off, list(a), changed))
        off //= 2
    for r, (label, row, changed) in enumerate(states):
        y = 16 + r * rh
        down = label.startswith(("down", "clear"))
        s.text(10, y + 24, label, anchor="start", size=14, weight="bold", color=ORANGE if down else BLUE)
        for i, v in enumerate(row):
            fill = (LIGHT["orange"] if down else LIGHT["blue"]) if i in changed else "#fff"
            if r == len(states) - 1:
                fill = LIGHT["green"]
            s.rect(x0 + i * cw, y, cw - 10, 34, fill=fill, stroke="#444")
            s.text(x0 + i * cw + (cw - 10) / 2, y + 23, str(v), size=16)
        if 0 < r < len(states):
            pass
    # arrows for the up-sweep pairs and the down-sweep swaps
    for r in range(1, len(states)):
        label, row, changed = states[r]
        y = 16 + r * rh
        if label.startswith("up"):
            off = int(label.split()[1])
            for i in range(2 * off - 1, 8, 2 * off):
                xs = x0 + (i - off) * cw + 23
                xd = x0 + i * cw + 23
                s.line(xs, y - rh + 34, xd - 3, y - 2, color=BLUE, sw=1.5, arrow=True)
        elif label.startswith("down"):
            off = int(label.split()[1])
            for i in range(2 * off - 1, 8, 2 * off):
                xs = x0 + (i - off) * cw + 23
                xd = x0 + i * cw + 23
                s.line(xd, y - rh + 34, xs + 3, y - 2, color=ORANGE, sw=1.5, arrow=True)
                s.line(xs, y - rh + 34, xd - 3, y - 2, color=ORANGE, sw=1.2, arrow=True, dash="4,3")
    s.text(x0, 16 + len(states) * rh + 6, "last row: the exclusive scan of the input", anchor="start", size=14, color="#555")
    return s.svg()


def banks():
    """04: eight work-items at up-sweep offset 16, with and without padding."""
    s = Svg(560, 310, "Bank conflicts and padding")
    nb = 32
    cw, x0 = 15.5, 30
    def row(y, title, banks_hit, color):
        s.text(x0, y - 10, title, anchor="start", size=14, weight="bold", color=color)
        for b in range(nb):
            hit = banks_hit.count(b)
            s.rect(x0 + b * cw, y, cw - 2, 54, fill=LIGHT["red"] if hit > 1 else (LIGHT["green"] if hit else "#fff"),
                   stroke="#666", sw=0.8, rx=1)
            if hit:
                s.text(x0 + b * cw + (cw - 2) / 2, y + 34, str(hit), size=13, weight="bold", color=RED if hit > 1 else GREEN)
        for b in (0, 15, 31):
            s.text(x0 + b * cw + (cw - 2) / 2, y + 72, str(b), size=12, color="#555")
    words = [16 * (2 * t + 1) - 1 for t in range(8)]
    row(40, "no padding: words 15, 47, 79, ... all in bank 15: 8 passes", [w % nb for w in words], RED)
    row(170, "padded: word w at w + w/32: banks 15 to 22, one pass", [(w + w // 32) % nb for w in words], GREEN)
    s.text(x0, 282, "32 banks of 4 bytes; in each bank: how many of the", anchor="start", size=13, color="#555")
    s.text(x0, 298, "eight work-items read a word there", anchor="start", size=13, color="#555")
    return s.svg()


def lookback():
    """04: decoupled look-back as seen from tile 5."""
    s = Svg(560, 260, "Decoupled look-back")
    st = [("P", "P₀"), ("P", "P₁"), ("P", "P₂"), ("A", "A₃"), ("A", "A₄"), ("X", "tile 5")]
    cw, x0, y0 = 86, 16, 60
    color = {"P": GREEN, "A": BLUE, "X": GREY}
    for i, (k, v) in enumerate(st):
        x = x0 + i * cw
        s.rect(x, y0, cw - 12, 62, fill=LIGHT["green"] if k == "P" else (LIGHT["blue"] if k == "A" else LIGHT["grey"]),
               stroke=color[k], sw=1.8, rx=5)
        s.text(x + (cw - 12) / 2, y0 - 10, "tile %d" % i, size=14)
        s.text(x + (cw - 12) / 2, y0 + 26, k, size=18, weight="bold", color=color[k])
        s.text(x + (cw - 12) / 2, y0 + 50, v if i < 5 else "scanning", size=14)
    for i in (4, 3, 2):
        xa = x0 + (i + 1) * cw + 4
        s.path("M%g,%g C%g,%g %g,%g %g,%g" % (xa + 10, y0 + 66, xa - 4, y0 + 100, xa - cw + 30, y0 + 100,
                                            xa - cw + 20, y0 + 66), color=ORANGE, sw=1.8, arrow=True)
    s.text(x0 + 4 * cw, y0 + 118, "looks back: adds A₄, A₃, stops at P₂", size=14, color=ORANGE)
    s.text(16, 206, "X: nothing yet; A: aggregate (the tile's own total);", anchor="start", size=14)
    s.text(16, 226, "P: inclusive prefix. Tile 5 publishes A₅ at once,", anchor="start", size=14)
    s.text(16, 246, "then P₅ = P₂ + A₃ + A₄ + A₅ when it has its carry.", anchor="start", size=14)
    return s.svg()


def coalescing():
    """05: a warp's loads, coalesced and strided."""
    s = Svg(560, 316, "Coalesced and strided access")
    def part(y, title, addr, color):
        s.text(14, y, title, anchor="start", size=14, weight="bold", color=color)
        for t in range(8):
            s.rect(30 + t * 40, y + 12, 32, 28, fill=LIGHT["blue"], stroke=BLUE)
            s.text(46 + t * 40, y + 31, str(t), size=13)
        for m in range(32):
            used = m in addr
            s.rect(30 + m * 15.5, y + 92, 13.5, 24, fill=LIGHT["orange"] if used else "#fff", stroke="#888", sw=0.8, rx=1)
        for t, m in enumerate(addr):
            s.line(46 + t * 40, y + 42, 30 + m * 15.5 + 7, y + 90, color=color, sw=1.2, arrow=True)
    part(22, "coalesced: work-item t reads B[k][j + t]: one transaction", list(range(8)), GREEN)
    part(172, "strided: work-item t reads A[i + t][k], K floats apart", [0, 4, 8, 12, 16, 20, 24, 28], RED)
    s.text(14, 308, "top row: eight work-items of a warp; bottom row: consecutive floats in global memory",
           anchor="start", size=12, color="#555")
    return s.svg()


def tiling():
    """05: a work-group's block of C, its tiles of A and B, one work-item's registers."""
    s = Svg(560, 350, "Tiles and a register block")
    q = 11  # one cell = a 4 x 4 piece; toy sizes BM = BN = 32 (8 x 8 pieces), BK = 8 (2 pieces)
    bx, by = 170, 100
    # B tile: BK x BN above C
    s.rect(bx, by - 2 * q - 40, 8 * q * 2, 2 * q * 2, fill=LIGHT["orange"], stroke=ORANGE)
    s.text(bx + 8 * q, by - 2 * q - 48, "tile of B: BK × BN, in local memory", size=13, color=ORANGE)
    # A tile: BM x BK left of C
    s.rect(bx - 2 * q * 2 - 16, by, 2 * q * 2, 8 * q * 2, fill=LIGHT["blue"], stroke=BLUE)
    s.text(bx - 2 * q * 2 - 24, by + 8 * q, "tile of A", size=13, color=BLUE, anchor="end")
    s.text(bx - 2 * q * 2 - 24, by + 8 * q + 18, "BM × BK", size=13, color=BLUE, anchor="end")
    # C block: 8 x 8 pieces of 4 x 4
    for i in range(8):
        for j in range(8):
            mine = i in (0, 4) and j in (0, 4)
            s.rect(bx + j * 2 * q, by + i * 2 * q, 2 * q, 2 * q, fill=LIGHT["green"] if mine else "#fff",
                   stroke="#999" if not mine else GREEN, sw=0.7 if not mine else 1.6, rx=0)
    s.rect(bx, by, 16 * q, 16 * q, fill="none", stroke="#333", sw=1.8, rx=0)
    s.text(bx + 8 * q, by + 16 * q + 22, "block of C: BM × BN, one work-group", size=13)
    s.text(bx + 16 * q + 14, by + 14, "green: the 8 × 8 sums", anchor="start", size=13, color=GREEN)
    s.text(bx + 16 * q + 14, by + 32, "of work-item 0, in", anchor="start", size=13, color=GREEN)
    s.text(bx + 16 * q + 14, by + 50, "registers, as 4 × 4 pieces", anchor="start", size=13, color=GREEN)
    s.text(bx + 16 * q + 14, by + 68, "NTY·4 rows and NTX·4", anchor="start", size=13, color=GREEN)
    s.text(bx + 16 * q + 14, by + 86, "columns apart", anchor="start", size=13, color=GREEN)
    s.text(bx + 16 * q + 14, by + 120, "each step of k: TM values", anchor="start", size=13)
    s.text(bx + 16 * q + 14, by + 138, "of A and TN of B from", anchor="start", size=13)
    s.text(bx + 16 * q + 14, by + 156, "local memory feed", anchor="start", size=13)
    s.text(bx + 16 * q + 14, by + 174, "TM·TN = 64 multiply-adds", anchor="start", size=13)
    s.text(14, 340, "toy sizes: BM = BN = 32, BK = 8, TM = TN = 8 (the lesson's best: 128 × 64 × 8)", anchor="start",
           size=12, color="#555")
    return s.svg()


def build_path():
    """06: from the .cl file to a running kernel, and where each tool looks."""
    s = Svg(560, 360, "From source to binary")
    boxes = [("kernels/NN-x.cl", 20, 40, "#fff", "#444"),
             ("clCreateProgramWithSource", 20, 120, LIGHT["blue"], BLUE),
             ("clBuildProgram", 20, 200, LIGHT["blue"], BLUE),
             ("clCreateKernel, launch", 20, 290, LIGHT["green"], GREEN)]
    for text, x, y, fill, stroke in boxes:
        s.rect(x, y, 250, 40, fill=fill, stroke=stroke, rx=5)
        s.text(x + 125, y + 26, text, size=14, mono=text.startswith(("kernels", "cl")))
    for y in (80, 160):
        s.line(145, y, 145, y + 38, arrow=True)
    s.line(145, 240, 145, 288, arrow=True)
    s.text(152, 268, "success", anchor="start", size=13, color=GREEN)
    side = [("make check-kernels: clang -x cl", "before any device is involved", 40, "#555", 80),
            ("build log: clGetProgramBuildInfo", "errors, warnings, -cl-nv-verbose", 190, ORANGE, 220),
            ("binary: CL_PROGRAM_BINARIES", "PTX on NVIDIA, poclbin on PoCL", 262, BLUE, 220)]
    for a, b, y, col, yfrom in side:
        s.rect(290, y, 264, 50, fill="#fff", stroke=col, rx=5)
        s.text(298, y + 20, a, anchor="start", size=12, color=col, weight="bold")
        s.text(298, y + 40, b, anchor="start", size=12.5)
    s.line(270, 60, 288, 62, arrow=True, color="#555")
    s.line(270, 216, 288, 214, arrow=True, color=ORANGE)
    s.line(270, 226, 288, 284, arrow=True, color=BLUE)
    s.text(300, 130, "Oclgrind runs the built kernel", anchor="start", size=12.5, color=RED, weight="bold")
    s.text(300, 148, "and watches every access", anchor="start", size=12.5, color=RED)
    s.text(300, 166, "(oclgrind ./build/NN-name ...)", anchor="start", size=12.5, color=RED, mono=True)
    return s.svg()


def objects():
    """00: the host's objects and what each is made from."""
    s = Svg(560, 372, "The host object graph")
    def box(x, y, w, name, call, fill, stroke):
        s.rect(x, y, w, 50, fill=fill, stroke=stroke, rx=5)
        s.text(x + w / 2, y + 21, name, size=15, weight="bold", color=stroke)
        s.text(x + w / 2, y + 40, call, size=12, mono=True)
    box(20, 20, 200, "platform", "clGetPlatformIDs", LIGHT["grey"], "#444")
    box(20, 110, 200, "device", "clGetDeviceIDs", LIGHT["grey"], "#444")
    box(300, 110, 240, "context", "clCreateContext", LIGHT["blue"], BLUE)
    box(20, 212, 170, "command queue", "clCreateCommandQueue", LIGHT["green"], GREEN)
    box(205, 212, 160, "program", "clBuildProgram", LIGHT["blue"], BLUE)
    box(380, 212, 160, "buffer (cl_mem)", "clCreateBuffer", LIGHT["orange"], ORANGE)
    box(205, 300, 160, "kernel", "clCreateKernel", LIGHT["blue"], BLUE)
    s.line(120, 70, 120, 108, arrow=True)
    s.text(128, 94, "offers", anchor="start", size=12, color="#555")
    s.line(220, 135, 298, 135, arrow=True)
    s.text(259, 128, "in", size=12, color="#555")
    s.line(330, 160, 120, 210, arrow=True, color=GREEN)
    s.line(400, 160, 285, 210, arrow=True, color=BLUE)
    s.line(460, 160, 460, 210, arrow=True, color=ORANGE)
    s.line(285, 262, 285, 298, arrow=True, color=BLUE)
    s.line(365, 325, 440, 264, arrow=True, color=ORANGE, dash="5,3")
    s.text(410, 318, "arguments", anchor="start", size=12, color="#555")
    s.line(205, 325, 110, 264, arrow=True, color=GREEN, dash="5,3")
    s.text(20, 318, "enqueued on", anchor="start", size=12, color="#555")
    s.text(20, 362, "solid: made from or inside; dashed: used by at launch", anchor="start", size=12, color="#555")
    return s.svg()


def ndrange2d():
    """00: a 2-D NDRange of 8 x 4 work-items in work-groups of 4 x 2."""
    s = Svg(560, 300, "A two-dimensional NDRange")
    cw, ch, x0, y0 = 52, 40, 70, 50
    s.text(20, 24, "global size 8 × 4, local size 4 × 2: 2 × 2 work-groups", anchor="start", size=15, weight="bold")
    for gy in range(2):
        for gx in range(2):
            s.rect(x0 + gx * 4 * cw - 3, y0 + gy * 2 * ch - 3, 4 * cw + 6 - 4, 2 * ch + 6 - 4,
                   fill=LIGHT["blue"] if (gx + gy) % 2 == 0 else LIGHT["green"],
                   stroke=BLUE if (gx + gy) % 2 == 0 else GREEN, sw=2, rx=5)
    for y in range(4):
        for x in range(8):
            s.rect(x0 + x * cw + 2, y0 + y * ch + 2, cw - 8, ch - 8, fill="#fff", stroke="#555", sw=0.8)
            s.text(x0 + x * cw + cw / 2 - 2, y0 + y * ch + ch / 2 + 3, "%d,%d" % (x, y), size=12, mono=True)
    s.text(x0 + 4 * cw, y0 - 8, "dimension 0 (x) →", size=13, color="#555")
    s.text(x0 - 12, y0 + 2 * ch, "dim 1", size=13, color="#555", anchor="end")
    s.text(x0 - 12, y0 + 2 * ch + 16, "(y) ↓", size=13, color="#555", anchor="end")
    hx, hy = 6, 3
    s.rect(x0 + hx * cw + 1, y0 + hy * ch + 1, cw - 6, ch - 6, fill="none", stroke=RED, sw=2.4)
    s.text(20, 236, "the red work-item: get_global_id(0) = 6, get_global_id(1) = 3,", anchor="start", size=14)
    s.text(20, 256, "get_local_id = (2, 1), get_group_id = (1, 1)", anchor="start", size=14)
    s.text(20, 280, "global id = group id · local size + local id, in each dimension", anchor="start", size=14,
           color="#555")
    return s.svg()


def device_model():
    """00: work-groups handed to compute units; a group runs as sub-groups."""
    s = Svg(560, 350, "Work-groups on compute units")
    s.text(20, 24, "the NDRange: 8 work-groups (solid: running; dashed: waiting)", anchor="start", size=14, weight="bold")
    for g in range(8):
        done = g < 4
        s.rect(20 + g * 66, 34, 58, 30, fill=LIGHT["blue"] if done else "#fff", stroke=BLUE, dash=None if done else "4,3")
        s.text(49 + g * 66, 54, "wg %d" % g, size=13, color=BLUE)
    for c in range(2):
        cx = 20 + c * 268
        s.rect(cx, 102, 252, 186, fill=LIGHT["grey"], stroke="#555", rx=6)
        s.text(cx + 126, 122, "compute unit %d" % c, size=14, weight="bold")
        for k in range(2):
            g = c * 2 + k
            gy = 132 + k * 68
            s.rect(cx + 10, gy, 232, 60, fill=LIGHT["blue"], stroke=BLUE, rx=4)
            s.text(cx + 18, gy + 16, "wg %d: 64 work-items" % g, anchor="start", size=12, color=BLUE)
            for w in range(2):
                s.rect(cx + 18 + w * 112, gy + 24, 104, 28, fill="#fff", stroke=GREEN)
                s.text(cx + 70 + w * 112, gy + 43, "sub-group of 32", size=11.5, color=GREEN)
        s.text(cx + 126, 282, "local memory, registers", size=12, color="#555")
    s.line(118, 66, 118, 100, arrow=True, color=BLUE)
    s.line(250, 66, 380, 100, arrow=True, color=BLUE)
    s.text(20, 312, "a sub-group (warp, wavefront) runs one instruction for all its lanes;", anchor="start", size=13)
    s.text(20, 332, "wg 4 to 7 start when a unit has room: groups never move once started", anchor="start", size=13,
           color="#555")
    return s.svg()


def queue_events():
    """00: an in-order queue and the events of its commands."""
    s = Svg(560, 250, "A command queue and its events")
    s.text(20, 24, "host: enqueue calls return at once (non-blocking)", anchor="start", size=14, weight="bold")
    cmds = [("write A", ORANGE), ("write B", ORANGE), ("kernel", BLUE), ("read C", ORANGE)]
    for i, (n, col) in enumerate(cmds):
        s.rect(20 + i * 100, 36, 90, 28, fill="#fff", stroke=col)
        s.text(65 + i * 100, 55, n, size=13, color=col)
    s.rect(420, 36, 120, 28, fill=LIGHT["grey"], stroke="#444")
    s.text(480, 55, "clFinish: wait", size=13)
    s.text(20, 100, "device: runs them one after another (in-order queue)", anchor="start", size=14, weight="bold")
    x = 20
    spans = []
    for (n, col), w in zip(cmds, (70, 70, 200, 90)):
        s.rect(x, 112, w - 4, 34, fill=LIGHT["blue"] if col == BLUE else LIGHT["orange"], stroke=col)
        s.text(x + (w - 4) / 2, 134, n, size=13, color=col)
        spans.append((x, x + w - 4))
        x += w
    s.line(20, 168, 540, 168, color="#555", arrow=True)
    s.text(540, 186, "time", anchor="end", size=12, color="#555")
    k0, k1 = spans[2]
    s.line(k0, 150, k0, 200, color=BLUE, dash="3,3")
    s.line(k1, 150, k1, 200, color=BLUE, dash="3,3")
    s.text(k0, 216, "START", size=12, color=BLUE, mono=True)
    s.text(k1, 216, "END", size=12, color=BLUE, mono=True)
    s.text(20, 242, "the kernel's event: END − START is its time on the device's clock", anchor="start", size=13,
           color="#555")
    return s.svg()


# ---- chapters 01 to 04: which work-item touches which data, and the scans of many tiles ----

def cells(s, x0, y, n, cw, h=30, labels=None, fills=None, stroke="#444", size=13, gap=3):
    """A row of n cells; labels and fills per cell (None: blank, white)."""
    for i in range(n):
        f = fills[i] if fills else "#fff"
        s.rect(x0 + i * cw, y, cw - gap, h, fill=f, stroke=stroke, sw=1)
        if labels and labels[i] is not None:
            s.text(x0 + i * cw + (cw - gap) / 2, y + h / 2 + size / 3 + 1, str(labels[i]), size=size)


def outer_sum_map():
    """01: work-item x reads A[x] and all of B, writes C[x]."""
    s = Svg(560, 250, "Outer sum: what one work-item touches")
    cw, x0 = 40, 110
    s.text(20, 24, "work-item x = 2 of the outer sum, X = 8, Y = 6", anchor="start", size=15, weight="bold")
    for name, y, n, hit in (("A", 50, 8, {2}), ("B", 120, 6, set(range(6))), ("C", 190, 8, {2})):
        s.text(x0 - 16, y + 21, name, anchor="end", size=16, weight="bold")
        col = ORANGE if name == "C" else BLUE
        cells(s, x0, y, n, cw, fills=[LIGHT["orange" if name == "C" else "blue"] if i in hit else "#fff" for i in range(n)],
              labels=[str(i) for i in range(n)], size=12)
    xc = x0 + 2 * cw + (cw - 3) / 2
    for j in range(6):
        s.line(xc, 82, x0 + j * cw + (cw - 3) / 2, 118, color=BLUE, sw=1.2, arrow=True)
    s.text(x0 + 6 * cw + 16, 140, "Y reads of B,", anchor="start", size=14, color=BLUE)
    s.text(x0 + 6 * cw + 16, 158, "the same for every x", anchor="start", size=14, color=BLUE)
    s.text(x0 + 8 * cw + 8, 211, "one store", anchor="start", size=14, color=ORANGE)
    s.text(x0 + 8 * cw + 8, 71, "one load", anchor="start", size=14, color=BLUE)
    s.text(20, 244, "C[x] = A[x]·B[0] + A[x]·B[1] + ... + A[x]·B[Y−1]", anchor="start", size=14, color="#555")
    return s.svg()


def local_copy_map():
    """02: a work-group copies B into local memory together, then each reads all of it."""
    s = Svg(560, 300, "outer_sum_whole: B copied into local memory by the group")
    cw, x0, lsize, Y = 38, 120, 4, 10
    s.text(20, 24, "a work-group of 4 work-items, Y = 10: work-item lid copies", anchor="start", size=15, weight="bold")
    s.text(20, 42, "B[lid], B[lid + 4], ... (colour: who copies it)", anchor="start", size=14)
    colors = [BLUE, ORANGE, GREEN, RED]
    fills = [LIGHT["blue"], LIGHT["orange"], LIGHT["green"], LIGHT["red"]]
    s.text(x0 - 14, 71, "B (global)", anchor="end", size=14, weight="bold")
    cells(s, x0, 50, Y, cw, fills=[fills[y % lsize] for y in range(Y)], labels=list(range(Y)), size=12)
    s.text(x0 - 14, 151, "Bl (local)", anchor="end", size=14, weight="bold")
    cells(s, x0, 130, Y, cw, fills=[fills[y % lsize] for y in range(Y)], labels=list(range(Y)), size=12)
    for y in range(Y):
        xc = x0 + y * cw + (cw - 3) / 2
        s.line(xc, 82, xc, 127, color=colors[y % lsize], sw=1.5, arrow=True)
    s.line(x0 - 6, 176, x0 + Y * cw, 176, color=RED, sw=2.2, dash="7,4")
    s.text(x0 - 14, 181, "barrier", anchor="end", size=13, color=RED, weight="bold")
    for l in range(lsize):
        x = x0 + l * 96
        s.rect(x, 200, 84, 34, fill=fills[l], stroke=colors[l], sw=1.4)
        s.text(x + 42, 222, "work-item %d" % l, size=12)
    s.text(20, 266, "then every work-item reads all of Bl, Y times from local memory,", anchor="start", size=14)
    s.text(20, 286, "for its own A[x]: B leaves global memory once per group", anchor="start", size=14)
    return s.svg()


def float8_map():
    """03: float8b: work-item i owns eight elements of A and C and reads B eight at a time."""
    s = Svg(560, 250, "float8b: what one work-item touches")
    cw, x0 = 20, 70
    s.text(20, 24, "work-item i = 1 of float8b, X = 20, Y = 19", anchor="start", size=15, weight="bold")
    def row(y, name, n, fill_of):
        s.text(x0 - 12, y + 19, name, anchor="end", size=15, weight="bold")
        cells(s, x0, y, n, cw, h=26, fills=[fill_of(i) for i in range(n)], gap=2)
    row(50, "A", 20, lambda i: LIGHT["blue"] if 8 <= i < 16 else "#fff")
    s.rect(x0 + 8 * cw - 2, 46, 8 * cw + 2, 34, fill="none", stroke=BLUE, sw=2.2, rx=4)
    s.text(x0 + 12 * cw, 98, "one float8 load: A[8..15]", size=13, color=BLUE)
    row(120, "B", 19, lambda i: LIGHT["green"] if i < 16 else LIGHT["orange"])
    for j in range(2):
        s.rect(x0 + 8 * j * cw - 2, 116, 8 * cw + 2, 34, fill="none", stroke=GREEN, sw=2.2, rx=4)
    s.text(x0 + 8 * cw, 168, "B as float8: 64 multiply-adds per load", size=13, color=GREEN)
    s.text(x0 + 19 * cw + 6, 139, "Y % 8 = 3", anchor="start", size=12, color=ORANGE)
    s.text(x0 + 19 * cw + 6, 154, "one by one", anchor="start", size=12, color=ORANGE)
    row(184, "C", 20, lambda i: LIGHT["orange"] if 8 <= i < 16 else "#fff")
    s.rect(x0 + 8 * cw - 2, 180, 8 * cw + 2, 34, fill="none", stroke=ORANGE, sw=2.2, rx=4)
    s.text(x0 + 12 * cw, 236, "one float8 store: C[8..15]", size=13, color=ORANGE)
    s.text(x0 + 17 * cw, 236, "work-item 2: a tail of 4", anchor="start", size=12, color="#555")
    return s.svg()


def multilevel():
    """04: the multi-level scan: scan the tiles, scan their totals, add back."""
    s = Svg(560, 330, "The multi-level scan")
    cw, x0 = 30, 40
    vals = [3, 1, 2, 0, 4, 1, 1, 3, 2, 2, 0, 1, 1, 0, 3, 2]
    tiles = [vals[i:i + 4] for i in range(0, 16, 4)]
    scans = [[sum(t[:k + 1]) for k in range(4)] for t in tiles]
    totals = [sc[-1] for sc in scans]
    ex = [sum(totals[:g]) for g in range(4)]
    tfill = [LIGHT["blue"], LIGHT["green"], LIGHT["blue"], LIGHT["green"]]
    def row(y, data, label, step=None, ly=None):
        s.text(20, ly or y - 8, label, anchor="start", size=14, weight="bold", color=BLUE if step else "#222")
        for g in range(4):
            cells(s, x0 + g * (4 * cw + 10), y, 4, cw, h=28, fills=[tfill[g]] * 4, labels=data[g], size=13)
    row(40, tiles, "input: four tiles of 4 values, one work-group each")
    row(110, scans, "1. each group scans its tile and writes its total", step=1)
    for g in range(4):
        xl = x0 + g * (4 * cw + 10) + 3 * cw + 13
        s.line(xl, 140, 250 + g * 42 + 16, 186, color=ORANGE, sw=1.3, arrow=True)
    s.text(20, 178, "2. scan the totals", anchor="start", size=14, weight="bold", color=BLUE)
    s.text(20, 196, "(the same problem, 4× shorter)", anchor="start", size=12, color="#555")
    cells(s, 250, 188, 4, 42, h=28, fills=[LIGHT["orange"]] * 4, labels=totals, size=13)
    s.text(430, 207, "→ exclusive:", anchor="start", size=12)
    s.text(430, 224, " ".join(str(e) for e in ex), anchor="start", size=13, weight="bold", color=ORANGE)
    row(270, [[v + ex[g] for v in scans[g]] for g in range(4)], "3. every group adds the sum of the tiles before it", step=1, ly=244)
    for g in range(1, 4):
        xg = x0 + g * (4 * cw + 10) + 2 * cw
        s.text(xg, 265, "+%d" % ex[g], size=13, color=ORANGE, weight="bold")
    s.text(20, 318, "memory traffic: read and write in step 1, again in step 3: 4n values", anchor="start", size=13, color="#555")
    return s.svg()


def reduce_then_scan():
    """04: reduce-then-scan: three kernels, no group waits for another."""
    s = Svg(560, 350, "Reduce-then-scan")
    cw, x0 = 30, 40
    vals = [3, 1, 2, 0, 4, 1, 1, 3, 2, 2, 0, 1, 1, 0, 3, 2]
    tiles = [vals[i:i + 4] for i in range(0, 16, 4)]
    totals = [sum(t) for t in tiles]
    ex = [sum(totals[:g]) for g in range(4)]
    tfill = [LIGHT["blue"], LIGHT["green"], LIGHT["blue"], LIGHT["green"]]
    def row(y, data):
        for g in range(4):
            cells(s, x0 + g * (4 * cw + 10), y, 4, cw, h=28, fills=[tfill[g]] * 4, labels=data[g], size=13)
    s.text(20, 24, "input: four tiles, one work-group each", anchor="start", size=14, weight="bold")
    row(34, tiles)
    s.text(20, 86, "kernel 1: each group sums its tile (a reduction: reads n)", anchor="start", size=14, weight="bold", color=BLUE)
    for g in range(4):
        xt = x0 + g * (4 * cw + 10) + 2 * cw - 20
        s.line(xt + 20, 92, xt + 20, 110, color="#999", sw=1.2, arrow=True)
        cells(s, xt, 112, 1, 40, h=28, fills=[LIGHT["orange"]], labels=[totals[g]], size=13)
    s.text(20, 184, "kernel 2: one small", anchor="start", size=14, weight="bold", color=BLUE)
    s.text(20, 202, "exclusive scan of them", anchor="start", size=14, weight="bold", color=BLUE)
    cells(s, 250, 174, 4, 42, h=28, fills=[LIGHT["orange"]] * 4, labels=ex, size=13)
    scans = [[ex[g] + sum(tiles[g][:k + 1]) for k in range(4)] for g in range(4)]
    row(258, scans)
    for g in range(4):
        s.line(250 + g * 42 + 20, 204, x0 + g * (4 * cw + 10) + 10, 255, color=ORANGE, sw=1.3, arrow=True)
    s.text(20, 308, "kernel 3: each group reads its tile again and scans it from its carry", anchor="start", size=14, weight="bold", color=BLUE)
    s.text(20, 332, "reads n, n again, writes n: 3n values. A kernel ends before the next", anchor="start", size=13, color="#555")
    s.text(20, 348, "starts, so no work-group ever waits for another", anchor="start", size=13, color="#555")
    return s.svg()


def fallback():
    """04: decoupled look-back with fallback, seen by tile 5."""
    s = Svg(560, 336, "Decoupled look-back with fallback")
    st = [("P", "P₁"), ("X", "silent"), ("A", "A₃"), ("A", "A₄"), ("W", "tile 5")]
    cw, x0, y0 = 100, 20, 40
    color = {"P": GREEN, "A": BLUE, "X": GREY, "W": "#444"}
    fill = {"P": LIGHT["green"], "A": LIGHT["blue"], "X": LIGHT["grey"], "W": "#fff"}
    for i, (k, v) in enumerate(st):
        x = x0 + i * cw
        s.rect(x, y0, cw - 16, 58, fill=fill[k], stroke=color[k], sw=1.8, rx=5, dash="5,3" if k == "X" else None)
        s.text(x + (cw - 16) / 2, y0 - 10, "tile %d" % (i + 1), size=14)
        s.text(x + (cw - 16) / 2, y0 + 25, k if k != "W" else "waits", size=18 if k != "W" else 14,
               weight="bold", color=color[k])
        s.text(x + (cw - 16) / 2, y0 + 47, v if k != "W" else "looks back", size=13)
    for i in (4, 3, 2):
        xa = x0 + i * cw
        s.path("M%g,%g C%g,%g %g,%g %g,%g" % (xa + 20, y0 + 62, xa + 4, y0 + 92, xa - cw + 56, y0 + 92,
                                            xa - cw + 44, y0 + 62), color=ORANGE, sw=1.8, arrow=True)
    s.text(x0 + 2 * cw + 92, y0 + 108, "adds A₄, A₃; polls tile 2", size=13, color=ORANGE)
    # the silent tile's input, summed by tile 5 itself
    xs = x0 + cw
    s.rect(xs - 30, 196, cw + 44, 30, fill=LIGHT["orange"], stroke=ORANGE, sw=1.4)
    s.text(xs + cw / 2 - 8, 216, "input of tile 2", size=13)
    s.path("M%g,%g C%g,%g %g,%g %g,%g" % (x0 + 4 * cw + 42, y0 + 62, x0 + 4 * cw + 42, 220, xs + cw + 60, 211,
                                        xs + cw + 18, 211), color=RED, sw=1.8, arrow=True)
    s.line(xs + 20, 194, xs + 20, y0 + 64, color=RED, sw=1.4, arrow=True, dash="4,3")
    s.text(xs + cw + 24, 244, "after SPIN_LIMIT polls, tile 5 sums it", anchor="start", size=13, color=RED)
    s.text(xs + 26, 170, "publishes A₂", anchor="start", size=13, color=RED)
    s.text(xs + 26, 186, "(atom_cmpxchg)", anchor="start", size=12, color=RED)
    s.text(20, 280, "then walks on to P₁: carry = P₁ + A₂ + A₃ + A₄, the same bits", anchor="start", size=14)
    s.text(20, 300, "whoever sums A₂. No group waits for a group that might never", anchor="start", size=14)
    s.text(20, 320, "run again: correct whatever the scheduler does", anchor="start", size=14)
    return s.svg()


def coalesced_tile():
    """04: onepass loads a tile coalesced and scans it per work-item through local memory."""
    s = Svg(560, 300, "onepass: coalesced load, per-work-item scan")
    cw, x0, WG = 26, 40, 4
    cols = [BLUE, ORANGE, GREEN, RED]
    fills = [LIGHT["blue"], LIGHT["orange"], LIGHT["green"], LIGHT["red"]]
    s.text(20, 24, "a tile of 4 work-items × 16 values, read as float4 vectors", anchor="start", size=15, weight="bold")
    s.text(20, 56, "global memory: vector v is loaded by work-item v mod 4", anchor="start", size=13)
    for v in range(16):
        x = x0 + v * (cw + 4)
        s.rect(x, 66, cw, 30, fill=fills[v % WG], stroke=cols[v % WG], sw=1.2)
        s.text(x + cw / 2, 86, str(v), size=12)
    s.text(x0, 114, "neighbouring work-items load neighbouring vectors: one wide access per round", anchor="start", size=12, color="#555")
    s.line(280, 122, 280, 150, arrow=True)
    s.text(20, 168, "local memory, then read back: work-item t scans vectors 4t to 4t + 3", anchor="start", size=13)
    for v in range(16):
        x = x0 + v * (cw + 4)
        t = v // 4
        s.rect(x, 178, cw, 30, fill=fills[v % WG], stroke=cols[v % WG], sw=1.2)
        s.text(x + cw / 2, 198, str(v), size=12)
    for t in range(WG):
        x = x0 + 4 * t * (cw + 4)
        s.rect(x - 3, 174, 4 * (cw + 4) - 2, 38, fill="none", stroke=cols[t], sw=2.4, rx=4)
        s.text(x + 2 * (cw + 4) - 3, 230, "work-item %d" % t, size=12, color=cols[t], weight="bold")
    s.text(20, 262, "each work-item scans its 16 consecutive values in registers;", anchor="start", size=13)
    s.text(20, 280, "the store goes back through local memory, mirrored (colour: who loaded it)", anchor="start", size=13)
    return s.svg()


def cpu_chunks():
    """04: cpu-chunks: one work-item per chunk, two passes over it in the cache."""
    s = Svg(560, 230, "cpu-chunks: one work-item per chunk")
    s.text(20, 24, "cpu-chunks: one work-item per group, 32768 values each", anchor="start", size=14, weight="bold")
    x0, w = 20, 128
    for c in range(4):
        x = x0 + c * (w + 6)
        s.rect(x, 44, w, 40, fill=LIGHT["blue"] if c != 2 else LIGHT["green"], stroke=BLUE if c != 2 else GREEN, sw=1.4)
        s.text(x + w / 2, 69, "chunk %d" % c, size=13)
    x = x0 + 2 * (w + 6)
    s.text(x + w / 2, 104, "ticket 2", size=13, color=GREEN, weight="bold")
    s.text(20, 134, "1. sum the chunk, 8 values at a time (128 KB: it stays in L2)", anchor="start", size=13)
    s.text(20, 156, "2. publish the sum; look back to a prefix (or sum a silent chunk)", anchor="start", size=13)
    s.text(20, 178, "3. scan the chunk again from the cache, from the carry; write it", anchor="start", size=13)
    s.text(20, 210, "no barrier and no local memory: one work-item runs through its chunk alone", anchor="start", size=13, color="#555")
    return s.svg()


DIAGRAMS = {
    "00-objects.svg": objects,
    "00-ndrange-2d.svg": ndrange2d,
    "00-device.svg": device_model,
    "00-queue.svg": queue_events,
    "01-ndrange.svg": ndrange,
    "02-memory.svg": memory,
    "03-float4-tail.svg": float4,
    "04-hillis-steele.svg": hillis_steele,
    "04-blelloch.svg": blelloch,
    "04-banks.svg": banks,
    "04-lookback.svg": lookback,
    "01-outer-sum-map.svg": outer_sum_map,
    "02-local-copy.svg": local_copy_map,
    "03-float8-map.svg": float8_map,
    "04-multilevel.svg": multilevel,
    "04-reduce-then-scan.svg": reduce_then_scan,
    "04-fallback.svg": fallback,
    "04-coalesced-tile.svg": coalesced_tile,
    "04-cpu-chunks.svg": cpu_chunks,
    "05-coalescing.svg": coalescing,
    "05-tiling.svg": tiling,
    "06-build-path.svg": build_path,
}


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    # chapters 05 to 08: work-items and their data, in a file of their own
    import importlib.util
    spec = importlib.util.spec_from_file_location("w", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                     "work-items-05-08.py"))
    more = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(more)
    DIAGRAMS.update(more.diagrams(Svg, GREEN, BLUE, ORANGE, GREY, RED, LIGHT))
    # chapters 02, 03 and 07: the tiled loop, the tree sum, float8local,
    # float16local, float8acc, bits and the Gray-code steps
    spec = importlib.util.spec_from_file_location("w2", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                      "work-items-02-07.py"))
    more2 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(more2)
    DIAGRAMS.update(more2.diagrams(Svg, GREEN, BLUE, ORANGE, GREY, RED, LIGHT))
    # chapters 05 and 10: gemm_1d, gemm_cpu16 and gemm_cpu
    spec = importlib.util.spec_from_file_location("w3", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                      "work-items-05-10.py"))
    more3 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(more3)
    DIAGRAMS.update(more3.diagrams(Svg, GREEN, BLUE, ORANGE, GREY, RED, LIGHT))
    for name, fn in DIAGRAMS.items():
        text = fn()
        path = os.path.join(outdir, name)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

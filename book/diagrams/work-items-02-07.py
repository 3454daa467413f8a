"""Diagrams of chapters 02, 03 and 07: which work-item touches which data in
the tiled loop, the tree sum in local memory, float8local, float16local,
float8acc, and the bits and Gray-code kernels. make-diagrams.py draws them
with the others at every build (same Svg class and colours; text 13 units or
more in a 560-unit viewBox)."""


def diagrams(Svg, GREEN, BLUE, ORANGE, GREY, RED, LIGHT):
    COLS = [BLUE, ORANGE, GREEN, RED]
    FILLS = [LIGHT["blue"], LIGHT["orange"], LIGHT["green"], LIGHT["red"]]

    def cells(s, x0, y, n, cw, h=28, labels=None, fills=None, strokes=None, size=12, gap=3, sw=1):
        for i in range(n):
            f = fills[i] if fills else "#fff"
            st = strokes[i] if strokes else "#444"
            s.rect(x0 + i * cw, y, cw - gap, h, fill=f, stroke=st, sw=sw)
            if labels and labels[i] is not None:
                s.text(x0 + i * cw + (cw - gap) / 2, y + h / 2 + size / 3 + 1, str(labels[i]), size=size)

    def barrier(s, x1, x2, y, label="barrier"):
        s.line(x1, y, x2, y, color=RED, sw=2, dash="7,4")
        s.text(x2 + 6, y + 5, label, anchor="start", size=13, color=RED, weight="bold")

    def tiled_loop():
        """02: outer_sum_tiled: B in tiles of T = 4 for a work-group of 4, Y = 10."""
        s = Svg(560, 330, "outer_sum_tiled: the tile loop")
        s.text(20, 24, "a work-group of 4 (lid 0 to 3), Y = 10, tiles of T = 4 floats", anchor="start", size=15, weight="bold")
        cw, x0 = 38, 110
        s.text(x0 - 12, 67, "B (global)", anchor="end", size=14, weight="bold")
        cells(s, x0, 48, 10, cw, labels=list(range(10)), fills=[FILLS[y % 4] for y in range(10)])
        for t, (a, b) in enumerate(((0, 4), (4, 8), (8, 10))):
            s.rect(x0 + a * cw - 3, 44, (b - a) * cw, 36, fill="none", stroke="#333", sw=1.6, rx=4)
            s.text(x0 + (a + b) * cw / 2 - 2, 96, "y0 = %d" % (4 * t) + ("  (n = 2)" if t == 2 else ""), size=13)
        y = 118
        s.text(20, y + 10, "each turn:", anchor="start", size=14, weight="bold")
        s.text(110, y + 10, "1. work-item lid copies B[y0 + lid] into tile[lid]", anchor="start", size=13)
        s.text(110, y + 28, "(colour: who copies; in the last turn only lid 0, 1 copy)", anchor="start", size=13, color="#555")
        cells(s, x0, y + 40, 4, cw, labels=["0", "1", "2", "3"], fills=FILLS, size=12)
        s.text(x0 - 12, y + 59, "tile (local)", anchor="end", size=14, weight="bold")
        barrier(s, x0 - 4, x0 + 4 * cw + 4, y + 84, "barrier: the tile is complete")
        s.text(110, y + 110, "2. every work-item adds a · tile[i] for i < n, its own a = A[x]", anchor="start", size=13)
        for l in range(4):
            s.rect(x0 + l * 96, y + 122, 84, 30, fill=FILLS[l], stroke=COLS[l], sw=1.4)
            s.text(x0 + l * 96 + 42, y + 142, "lid %d: sum" % l, size=12)
        barrier(s, x0 - 4, x0 + 4 * cw + 4, y + 170, "barrier: all are done with it")
        s.text(20, y + 200, "then y0 += T: three turns for Y = 10; B leaves global memory once per group", anchor="start", size=13, color="#555")
        return s.svg()

    def tree_sum():
        """02: a tree sum of 8 values in local memory, halving the active work-items."""
        s = Svg(560, 350, "A tree sum in local memory")
        s.text(20, 24, "scratch[] of a work-group of L = 8 (lid 0 to 7)", anchor="start", size=15, weight="bold")
        cw, x0 = 50, 110
        vals = [3, 1, 4, 1, 5, 9, 2, 6]
        rows = [vals]
        for off in (4, 2, 1):
            prev = rows[-1]
            rows.append([prev[i] + prev[i + off] if i < off else prev[i] for i in range(8)])
        for r, off in enumerate((None, 4, 2, 1)):
            y = 44 + r * 70
            active = 8 if off is None else off
            fills = [LIGHT["green"] if (off is not None and i < off) else ("#fff" if off is not None else LIGHT["blue"]) for i in range(8)]
            strokes = ["#444" if (off is None or i < off) else GREY for i in range(8)]
            labels = [str(v) for v in rows[r]]
            cells(s, x0, y, 8, cw, labels=labels, fills=fills, strokes=strokes, size=13)
            name = "stored" if off is None else "s = %d" % off
            s.text(x0 - 12, y + 19, name, anchor="end", size=14, weight="bold")
            if off is not None:
                py = y - 70
                for i in range(off):
                    xa = x0 + (i + off) * cw + (cw - 3) / 2
                    xb = x0 + i * cw + (cw - 3) / 2
                    s.line(xa, py + 28, xb + 4, y - 2, color=GREEN, sw=1.3, arrow=True)
                    s.line(xb - 6, py + 28, xb - 6, y - 2, color=GREEN, sw=1.3, arrow=True)
            barrier(s, x0 - 4, x0 + 8 * cw - 4, y + 36, "")
            del active
        s.text(20, 318, "each step: work-items lid < s add scratch[lid + s] to scratch[lid], then", anchor="start", size=13, color="#555")
        s.text(20, 338, "all meet at the barrier (dashed) and s halves; at the end scratch[0] is the sum", anchor="start", size=13, color="#555")
        return s.svg()

    def vec_row(s, x0, y, nvec, cw8, fills, labels=None, h=28, size=12, strokes=None):
        for v in range(nvec):
            s.rect(x0 + v * cw8, y, cw8 - 4, h, fill=fills[v], stroke=strokes[v] if strokes else "#444", sw=1.2)
            if labels:
                s.text(x0 + v * cw8 + (cw8 - 4) / 2, y + h / 2 + 5, labels[v], size=size)

    def float8local():
        """03: float8local: each work-item owns one float8 of A and C; B goes through a local tile of float8s."""
        s = Svg(560, 330, "float8local: one float8 per work-item, B in tiles of float8")
        s.text(20, 24, "a work-group of 4, X = 32, Y = 64: B is 8 float8s, two tiles of 4", anchor="start", size=14, weight="bold")
        x0, cw8 = 110, 52
        s.text(x0 - 12, 63, "A, C", anchor="end", size=14, weight="bold")
        vec_row(s, x0, 44, 4, cw8 * 2, FILLS, ["A8[%d], C8[%d]" % (i, i) for i in range(4)])
        s.text(x0 - 12, 123, "B as float8", anchor="end", size=14, weight="bold")
        vec_row(s, x0, 104, 8, cw8, [FILLS[v % 4] for v in range(8)], ["B8[%d]" % v for v in range(8)])
        s.rect(x0 - 3, 100, 4 * cw8 + 2, 36, fill="none", stroke="#333", sw=1.6, rx=4)
        s.rect(x0 + 4 * cw8 - 3, 100, 4 * cw8 + 2, 36, fill="none", stroke="#333", sw=1.6, rx=4)
        s.text(x0 + 2 * cw8, 152, "tile 0", size=13)
        s.text(x0 + 6 * cw8, 152, "tile 1", size=13)
        s.text(x0 - 12, 193, "tile (local)", anchor="end", size=14, weight="bold")
        vec_row(s, x0, 174, 4, cw8, FILLS, ["[%d]" % v for v in range(4)])
        s.text(x0 + 4 * cw8 + 6, 186, "lid copies B8[j0 + lid]", anchor="start", size=13)
        s.text(x0 + 4 * cw8 + 6, 202, "into tile[lid], then barrier", anchor="start", size=13)
        s.text(20, 240, "then each work-item, for every tile[j] (8 floats b.s0 ... b.s7):", anchor="start", size=13)
        s.text(20, 260, "sum += a · b.s0; ... sum += a · b.s7;", anchor="start", size=13, mono=True)
        s.text(380, 260, "64 multiply-adds", anchor="start", size=13)
        s.text(20, 288, "a and sum are float8 in registers: one work-item computes 8 elements of C", anchor="start", size=13, color="#555")
        s.text(20, 308, "(the Y % 8 floats left after the tiles are read from global memory one by one)", anchor="start", size=13, color="#555")
        return s.svg()

    def float16local():
        """03: float16local: two float8s of A and C per work-item, the next tile's share prefetched."""
        s = Svg(560, 320, "float16local: two float8s per work-item, the next tile in flight")
        s.text(20, 24, "a work-group of 4, X = 64: work-item i owns A8[2i] and A8[2i + 1]", anchor="start", size=14, weight="bold")
        x0, cw8 = 110, 52
        s.text(x0 - 12, 63, "A, C", anchor="end", size=14, weight="bold")
        vec_row(s, x0, 44, 8, cw8, [FILLS[v // 2] for v in range(8)], ["a0" if v % 2 == 0 else "a1" for v in range(8)])
        for l in range(4):
            s.text(x0 + (2 * l + 1) * cw8 - 2, 92, "lid %d" % l, size=13, color=COLS[l], weight="bold")
        s.text(x0 - 12, 133, "tile (local)", anchor="end", size=14, weight="bold")
        vec_row(s, x0, 114, 4, cw8, FILLS, ["[%d]" % v for v in range(4)])
        s.text(x0 + 4 * cw8 + 6, 126, "written from next,", anchor="start", size=13)
        s.text(x0 + 4 * cw8 + 6, 142, "then barrier", anchor="start", size=13)
        s.text(20, 176, "one b = tile[j] feeds both sums, 16 multiply-adds per float of b:", anchor="start", size=13)
        s.text(20, 196, "s0 += a0 · b.s0; s1 += a1 · b.s0; ... (two chains)", anchor="start", size=13, mono=True)
        s.rect(20, 214, 520, 52, fill=LIGHT["grey"], stroke=GREY, rx=4)
        s.text(30, 236, "next = B8[j0 + lsize + lid]: the next tile's share is loaded into a", anchor="start", size=13)
        s.text(30, 255, "register while this tile is used, so no one waits for global memory", anchor="start", size=13)
        s.text(20, 296, "loop counters and barriers are shared by twice the work of float8local", anchor="start", size=13, color="#555")
        return s.svg()

    def float8acc():
        """03: float8acc: eight independent chains, one per lane of b."""
        s = Svg(560, 300, "float8acc: eight independent sums")
        s.text(20, 24, "work-item i: a = A8[i], B read as float8 b, no local memory", anchor="start", size=14, weight="bold")
        x0, cw = 70, 56
        s.text(x0 - 12, 68, "b", anchor="end", size=15, weight="bold")
        cells(s, x0, 50, 8, cw, labels=["b.s%d" % k for k in range(8)], fills=[LIGHT["blue"]] * 8, size=12)
        s.text(x0 - 12, 158, "sums", anchor="end", size=15, weight="bold")
        cells(s, x0, 140, 8, cw, labels=["s%d" % k for k in range(8)], fills=[LIGHT["green"]] * 8, size=13)
        for k in range(8):
            xc = x0 + k * cw + (cw - 3) / 2
            s.line(xc, 80, xc, 137, color=GREEN, sw=1.5, arrow=True)
        s.text(x0 - 12, 114, "+= a ·", anchor="end", size=13, color=GREEN)
        s.text(20, 196, "each s_k += a · b.s_k waits only for its own previous value: eight chains", anchor="start", size=13)
        s.text(20, 214, "side by side, as in the peak kernel (float8b has one: sum += ... eight times)", anchor="start", size=13)
        s.text(20, 240, "at the end, C8[i] = sum with", anchor="start", size=13)
        s.text(20, 258, "sum = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))", anchor="start", size=13, mono=True)
        s.text(20, 284, "the cost: 8 float8 sums, 64 registers instead of 8", anchor="start", size=13, color="#555")
        return s.svg()

    def bits_map():
        """07: bits: work-item g fixes items 0..k-1 from its bits and enumerates the rest."""
        s = Svg(560, 300, "bits: the bits of the id choose the first items")
        s.text(20, 24, "n = 5 items, k = 2: four work-items, each with 2⁵⁻² = 8 subsets", anchor="start", size=14, weight="bold")
        x0, cw = 150, 44
        s.text(x0 + cw - 2, 56, "items 0, 1", size=13, weight="bold")
        s.text(x0 + 2 * cw + 140, 56, "items 2, 3, 4", size=13, weight="bold")
        for g in range(4):
            y = 70 + g * 44
            s.rect(20, y, 110, 32, fill=FILLS[g], stroke=COLS[g], sw=1.4)
            s.text(75, y + 21, "g = %d" % g, size=13, weight="bold")
            bitsg = [(g >> i) & 1 for i in range(2)]
            cells(s, x0, y, 2, cw, h=32, labels=["in" if b else "out" for b in bitsg],
                  fills=[FILLS[g] if b else "#fff" for b in bitsg], size=12)
            s.rect(x0 + 2 * cw + 16, y, 270, 32, fill=LIGHT["grey"], stroke=GREY, rx=3)
            s.text(x0 + 2 * cw + 151, y + 21, "all 8 subsets, Gray-code order", size=12)
        s.text(20, 262, "the same 8 steps for every work-item: no pruning, no branch,", anchor="start", size=13)
        s.text(20, 282, "so the lanes of a warp never diverge (count[g] = subsets hitting T)", anchor="start", size=13)
        return s.svg()

    def gray_map():
        """07: gray_count: step j flips the item at the lowest set bit of j."""
        s = Svg(560, 400, "Gray-code enumeration: one item flips per step")
        s.text(20, 24, "gray_count over L = 3 items a[m], a[m+1], a[m+2]", anchor="start", size=15, weight="bold")
        x0, cw = 90, 40
        s.text(40, 56, "j", size=13, weight="bold")
        for i in range(3):
            s.text(x0 + i * cw + (cw - 3) / 2, 56, "m+%d" % i, size=12, weight="bold")
        s.text(x0 + 3 * cw + 20, 56, "step", anchor="start", size=13, weight="bold")
        for j in range(8):
            y = 66 + j * 38
            gray = j ^ (j >> 1)
            b = (j & -j).bit_length() - 1 if j else None
            s.text(40, y + 20, str(j), size=13)
            labels = [str((gray >> i) & 1) for i in range(3)]
            fills = [LIGHT["orange"] if b == i else (LIGHT["blue"] if (gray >> i) & 1 else "#fff") for i in range(3)]
            strokes = [ORANGE if b == i else "#444" for i in range(3)]
            cells(s, x0, y, 3, cw, h=28, labels=labels, fills=fills, strokes=strokes, size=13)
            if j == 0:
                txt = "s = sum of the fixed items; count it if s = T"
            else:
                op = "+" if (gray >> b) & 1 else "−"
                txt = "m+%d flips: s %s= a[m+%d]" % (b, op, b)
            s.text(x0 + 3 * cw + 20, y + 20, txt, anchor="start", size=13, mono=j > 0)
        s.text(20, 378, "bit i of the subset: item m+i in (blue); orange: the one bit that changed", anchor="start", size=13, color="#555")
        s.text(20, 396, "each step: one addition or subtraction, chosen by a select, never a branch", anchor="start", size=13, color="#555")
        return s.svg()

    return {
        "02-tiled-loop.svg": tiled_loop,
        "02-tree-sum.svg": tree_sum,
        "03-float8local-map.svg": float8local,
        "03-float16local-map.svg": float16local,
        "03-float8acc-map.svg": float8acc,
        "07-bits-map.svg": bits_map,
        "07-gray-map.svg": gray_map,
    }

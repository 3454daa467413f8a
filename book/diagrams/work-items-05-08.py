"""Diagrams of chapters 05 to 08: which work-item touches which data, the
transpose through local memory, work handed out again between rounds, meet
in the middle. make-diagrams.py draws them with the others at every build
(same Svg class, same colours; text 13 units or more in a 560-unit viewBox,
8 pt or more at the 13.5 cm the PDF prints a diagram)."""


def diagrams(Svg, GREEN, BLUE, ORANGE, GREY, RED, LIGHT):
    def grid(s, x, y, rows, cols, c, fill="#fff", stroke="#999", sw=0.7):
        for i in range(rows):
            for j in range(cols):
                s.rect(x + j * c, y + i * c, c, c, fill=fill, stroke=stroke, sw=sw, rx=0)

    def naive_map():
        """05: gemm_naive: work-item (i, j) reads row i of A and column j of B."""
        s = Svg(560, 308, "gemm_naive: one work-item per element of C")
        c = 16
        ax, ay, bx, by = 30, 120, 230, 20
        grid(s, ax, ay, 6, 6, c)                     # A: M x K
        grid(s, bx, by, 6, 6, c)                     # B: K x N
        grid(s, bx, ay, 6, 6, c)                     # C: M x N
        for k in range(6):
            s.rect(ax + k * c, ay + 2 * c, c, c, fill=LIGHT["blue"], stroke=BLUE, rx=0)
            s.rect(bx + 3 * c, by + k * c, c, c, fill=LIGHT["orange"], stroke=ORANGE, rx=0)
            s.rect(bx + 4 * c, by + k * c, c, c, fill="#fff", stroke=GREEN, sw=1.4, rx=0)
        s.rect(bx + 3 * c, ay + 2 * c, c, c, fill=GREEN, stroke=GREEN, rx=0)
        s.rect(bx + 4 * c, ay + 2 * c, c, c, fill=LIGHT["green"], stroke=GREEN, sw=1.4, rx=0)
        s.text(ax + 3 * c, ay + 6 * c + 20, "A: row i", size=14, color=BLUE)
        s.text(bx + 3 * c, by - 6, "B: column j", size=14, color=ORANGE)
        s.text(bx + 3 * c, ay + 6 * c + 20, "C[i][j]", size=14, color=GREEN)
        tx = 370
        for n, line in enumerate(["work-item (j, i):", "get_global_id(0) = j,", "get_global_id(1) = i",
                                  "reads K floats of A", "and K of B, writes one", "float of C"]):
            s.text(tx, ay + 10 + n * 19, line, anchor="start", size=14)
        s.text(tx, 40, "its neighbour j + 1", anchor="start", size=14, color=GREEN)
        s.text(tx, 59, "reads the next column", anchor="start", size=14, color=GREEN)
        s.text(tx, 78, "(green outline): the", anchor="start", size=14, color=GREEN)
        s.text(tx, 97, "next float of each row", anchor="start", size=14, color=GREEN)
        s.text(14, 282, "gemm_rows swaps the two ids (neighbours take rows i, i + 1: strided);",
               anchor="start", size=13, color="#555")
        s.text(14, 298, "gemm_bt reads row j of Bᵀ instead of column j of B (strided on a GPU too)",
               anchor="start", size=13, color="#555")
        return s.svg()

    def tiled_map():
        """05: gemm_tiled: a work-group's tile of C and the tile pairs it stages."""
        s = Svg(560, 346, "gemm_tiled: a work-group, its tiles, one work-item")
        c, T = 12, 4          # toy: TS = 4, K = 12 (three tiles along k)
        ax, ay, bx, by = 20, 200, 200, 36
        grid(s, ax, ay, 8, 12, c)                    # A strip region: M x K
        grid(s, bx, by, 12, 8, c)                    # B: K x N
        grid(s, bx, ay, 8, 8, c)                     # C: M x N
        cols = [BLUE, ORANGE, RED]
        for t in range(3):
            col = cols[t]
            s.rect(ax + t * T * c, ay + T * c, T * c, T * c, fill=LIGHT[["blue", "orange", "red"][t]], stroke=col,
                   sw=1.6, rx=0)
            s.text(ax + t * T * c + T * c / 2, ay + 2 * T * c + 18, "t=%d" % t, size=13, color=col)
            s.rect(bx + T * c, by + t * T * c, T * c, T * c, fill=LIGHT[["blue", "orange", "red"][t]], stroke=col,
                   sw=1.6, rx=0)
            s.text(bx + 2 * T * c + 6, by + t * T * c + T * c / 2 + 5, "t=%d" % t, size=13, color=col,
                   anchor="start")
        s.rect(bx + T * c, ay + T * c, T * c, T * c, fill=LIGHT["green"], stroke=GREEN, sw=1.8, rx=0)
        s.rect(bx + T * c + c, ay + T * c + 2 * c, c, c, fill=GREEN, stroke=GREEN, rx=0)
        s.rect(ax + c, ay + T * c + 2 * c, c, c, fill="#fff", stroke="#222", sw=2, rx=0)
        s.rect(bx + T * c + c, by + 2 * c, c, c, fill="#fff", stroke="#222", sw=2, rx=0)
        s.text(ax + 6 * c, ay - 8, "A (M × K)", size=14, color="#333")
        s.text(bx + 4 * c, by - 10, "B (K × N), read from Bᵀ", size=14, color="#333")
        s.text(bx + 4 * c, ay + 8 * c + 20, "C: the group's tile", size=14, color=GREEN)
        tx = 340
        lines = ["work-group (1, 1): TS × TS", "work-items, one TS × TS", "tile of C (green)", "",
                 "step t: every work-item", "copies one float of A's", "tile and one of B's", "(black outline: work-",
                 "item (1, 2)) into local", "memory; barrier; TS multiply-", "adds from local memory;", "barrier"]
        for n, line in enumerate(lines):
            s.text(tx, 60 + n * 19, line, anchor="start", size=14)
        s.text(14, 338, "toy sizes: TS = 4, K = 12: three steps t, three pairs of tiles",
               anchor="start", size=13, color="#555")
        return s.svg()

    def transpose_local():
        """05: A's tile read along k (coalesced) and stored transposed in local memory."""
        s = Svg(560, 330, "A's tile, transposed on its way through local memory")
        c = 22
        palette = [BLUE, ORANGE, GREEN, RED, "#7b4ea3", "#2a9d8f", "#8c6d1f", "#555"]
        s.text(20, 26, "global: A's tile, BM = 4 rows m", anchor="start", size=14, weight="bold")
        s.text(20, 44, "× BK = 8 columns k", anchor="start", size=14, weight="bold")
        gx, gy = 30, 60
        for m in range(4):
            s.text(gx - 8, gy + m * c + 16, "m%d" % m, anchor="end", size=13, color="#555")
            for k in range(8):
                q = m * 2 + k // 4          # float4 number = work-item that loads it (8 work-items)
                s.rect(gx + k * c, gy + m * c, c, c, fill="#fff", stroke=palette[q], sw=1.6, rx=0)
                s.text(gx + k * c + c / 2, gy + m * c + 16, str(q), size=13, color=palette[q])
        for k in range(8):
            s.text(gx + k * c + c / 2, gy + 4 * c + 16, "k%d" % k, size=13, color="#555")
        s.text(20, 210, "work-item q loads float4 q: two", anchor="start", size=14)
        s.text(20, 228, "neighbours, two neighbouring", anchor="start", size=14)
        s.text(20, 246, "float4s of a row: coalesced", anchor="start", size=14)
        lx, ly = 370, 60
        s.text(330, 26, "local: As[k][m], and APAD", anchor="start", size=14, weight="bold")
        s.text(330, 44, "unused floats a row (grey)", anchor="start", size=14, weight="bold")
        for k in range(8):
            s.text(lx - 8, ly + k * c + 16, "k%d" % k, anchor="end", size=13, color="#555")
            for m in range(5):
                if m == 4:
                    s.rect(lx + m * c, ly + k * c, c, c, fill=LIGHT["grey"], stroke="#bbb", sw=0.8, rx=0)
                    continue
                q = m * 2 + k // 4
                s.rect(lx + m * c, ly + k * c, c, c, fill="#fff", stroke=palette[q], sw=1.6, rx=0)
                s.text(lx + m * c + c / 2, ly + k * c + 16, str(q), size=13, color=palette[q])
        for m in range(4):
            s.text(lx + m * c + c / 2, ly - 4, "m%d" % m, size=13, color="#555")
        s.path("M %g %g C 300 120, 320 120, %g %g" % (gx + 8 * c + 6, gy + c, lx - 34, ly + 2 * c),
               color="#444", arrow=True)
        s.text(270, 270, "each work-item writes its 4 values down a column: the tile is", anchor="middle",
               size=14)
        s.text(270, 288, "transposed. After the barrier a work-item reads TM values of", anchor="middle", size=14)
        s.text(270, 306, "one row k (its rows m) as float4s.", anchor="middle", size=14)
        s.text(14, 326, "toy sizes: 8 work-items; the lesson's tile is 128 × 8", anchor="start", size=13,
               color="#555")
        return s.svg()

    def halo():
        """06: smooth: a work-group's chunk and its halo in local memory."""
        s = Svg(560, 256, "smooth: a work-group, its chunk and the halo")
        c, T = 34, 8
        x0, y0 = 40, 50
        s.text(20, 30, "in (global): group 1 of T = 8 work-items, elements x = 8 … 15", anchor="start",
               size=14, weight="bold")
        for e in range(12):
            x = e + 6
            inside = 8 <= x <= 15
            halo_ = x in (7, 16)
            fill = LIGHT["blue"] if inside else LIGHT["orange"] if halo_ else "#fff"
            stroke = BLUE if inside else ORANGE if halo_ else "#bbb"
            s.rect(x0 + e * 40, y0, c, 28, fill=fill, stroke=stroke, rx=0)
            s.text(x0 + e * 40 + c / 2, y0 + 19, str(x), size=13, color="#333")
        ty = 140
        s.text(20, ty + 50, "t (local): T + 2 floats", anchor="start", size=14, weight="bold")
        for i in range(T + 2):
            e = i + 1   # t[i] holds in[x0 - 1 + i]: element 7 + i sits at column e = 1 + i
            h = i in (0, T + 1)
            s.rect(x0 + e * 40, ty, c, 28, fill=LIGHT["orange"] if h else LIGHT["blue"], stroke=ORANGE if h else BLUE,
                   rx=0)
            s.text(x0 + e * 40 + c / 2, ty + 19, "t%d" % i, size=13)
            s.line(x0 + e * 40 + c / 2, y0 + 30, x0 + e * 40 + c / 2, ty - 2, color=ORANGE if h else BLUE,
                   sw=1.2, arrow=True)
        s.text(20, 222, "blue: work-item lx loads in[x] into t[lx + 1]; orange: the halo, loaded by", anchor="start",
               size=13)
        s.text(20, 240, "work-items 0 and T − 1 alone. After the barrier out[x] = t[lx] + t[lx+1] + t[lx+2].",
               anchor="start", size=13)
        return s.svg()

    def rounds():
        """07: work handed out again between rounds."""
        s = Svg(560, 384, "rounds: the work left over is handed out again")
        s.text(20, 26, "round 1: one subtree per work-item, at most b nodes each", anchor="start", size=14,
               weight="bold")
        work = [2, 9, 1, 3, 12, 2, 1, 4]
        b, cw = 4, 12
        for lane, w in enumerate(work):
            y = 38 + lane * 19
            s.text(20, y + 13, "wi %d" % lane, anchor="start", size=13)
            for t in range(min(w, b)):
                s.rect(70 + t * cw, y, cw - 2, 15, fill=BLUE, stroke=BLUE, rx=0)
            if w > b:
                for t in range(b, w):
                    s.rect(70 + t * cw, y, cw - 2, 15, fill="#fff", stroke=ORANGE, sw=1, rx=0, dash="2,2")
        s.line(70 + b * cw - 1, 34, 70 + b * cw - 1, 192, color=RED, dash="4,3")
        s.text(70 + b * cw + 2, 206, "budget b", size=13, color=RED, anchor="middle")
        lx = 300
        s.text(lx, 56, "work list (atomic_inc", anchor="start", size=14, color=ORANGE)
        s.text(lx, 74, "gives each entry a slot):", anchor="start", size=14, color=ORANGE)
        entries = [("wi 1", "depth 7"), ("wi 1", "depth 9"), ("wi 4", "depth 6"), ("wi 4", "depth 8"),
                   ("wi 4", "depth 10")]
        for n, (who, d) in enumerate(entries):
            s.rect(lx, 84 + n * 21, 200, 18, fill=LIGHT["orange"], stroke=ORANGE, rx=0)
            s.text(lx + 6, 98 + n * 21, "%s: a piece at %s" % (who, d), anchor="start", size=13)
        s.text(lx, 208, "the node each stood on and every", anchor="start", size=14)
        s.text(lx, 226, "“in” branch above it not yet taken", anchor="start", size=14)
        s.text(20, 262, "round 2: one entry per fresh work-item, in depth order", anchor="start",
               size=14, weight="bold")
        pieces = [5, 4, 3, 3, 2]
        for n, p in enumerate(pieces):
            y = 274 + n * 17
            s.text(20, y + 12, "wi %d" % n, anchor="start", size=13)
            for t in range(p):
                s.rect(70 + t * cw, y, cw - 2, 13, fill=GREEN, stroke=GREEN, rx=0)
        s.text(180, 304, "smaller, similar pieces: the lanes of a", anchor="start", size=14)
        s.text(180, 322, "sub-group finish together; more rounds until", anchor="start", size=14)
        s.text(180, 340, "the list is empty", anchor="start", size=14)
        s.text(20, 376, "blue: nodes searched in round 1; dashed: left over, written back as entries",
               anchor="start", size=13, color="#555")
        return s.svg()

    def mitm():
        """07: meet in the middle."""
        s = Svg(560, 340, "Meet in the middle: two halves, a sort, binary searches")
        s.text(20, 26, "items a0 … a5 split in two halves of n/2 = 3", anchor="start", size=14, weight="bold")
        for i in range(6):
            col = BLUE if i < 3 else ORANGE
            s.rect(30 + i * 44, 38, 38, 24, fill=LIGHT["blue"] if i < 3 else LIGHT["orange"], stroke=col, rx=0)
            s.text(49 + i * 44, 55, "a%d" % i, size=13, color=col)
        s.text(20, 92, "half_sums: work-item s adds the items of its half whose bits are set in s", anchor="start",
               size=14)
        first = ["0", "a0", "a1", "a0+a1", "a2", "a0+a2", "a1+a2", "a0+a1+a2"]
        for s_ in range(8):
            s.rect(20 + s_ * 65, 104, 63, 24, fill=LIGHT["blue"], stroke=BLUE, rx=0)
            s.text(51.5 + s_ * 65, 121, first[s_], size=12, color=BLUE)
            s.text(51.5 + s_ * 65, 144, "wi %d" % s_, size=13, color="#555")
        s.text(20, 176, "the second half's 8 sums, the same way, then sorted on the host:", anchor="start", size=14)
        for s_ in range(8):
            s.rect(20 + s_ * 65, 188, 63, 24, fill=LIGHT["orange"], stroke=ORANGE, rx=0)
            s.text(51.5 + s_ * 65, 205, "y%d" % s_, size=13, color=ORANGE)
        s.text(20, 232, "y0 ≤ y1 ≤ … ≤ y7; black: work-item 3's x, green: the y equal to T − x",
               anchor="start", size=13, color="#555")
        s.rect(20 + 3 * 65, 104, 63, 24, fill="none", stroke="#222", sw=2.2, rx=0)
        s.rect(20 + 4 * 65, 188, 2 * 65 - 2, 24, fill="none", stroke=GREEN, sw=2.2, rx=0)
        s.text(20, 262, "mitm_count: work-item s takes x = sum s of the first half and counts the", anchor="start",
               size=14)
        s.text(20, 280, "sorted y equal to T − x with two binary searches (first and last match):", anchor="start",
               size=14)
        s.text(20, 298, "the same log₂ 8 = 3 steps in every lane, no divergence", anchor="start", size=14)
        s.text(20, 330, "2 · 2ⁿᐟ² sums and 2ⁿᐟ² searches instead of a tree of 2ⁿ⁺¹ nodes", anchor="start", size=13,
               color="#555")
        return s.svg()

    def chunk_map():
        """08: the pipeline's kernel: one chunk, work-item g -> element offset + g."""
        s = Svg(560, 262, "multiply on one chunk: work-item i, element first + i")
        n, c = 16, 30
        x0 = 60
        for r, (name, col, lt) in enumerate([("x", BLUE, "blue"), ("y", BLUE, "blue"), ("z", GREEN, "green")]):
            y = 16 + r * 56 + (40 if r == 2 else 0)
            s.text(x0 - 12, y + 18, name, anchor="end", size=14, weight="bold")
            for e in range(n):
                inside = 8 <= e < 12
                s.rect(x0 + e * c, y, c - 3, 26, fill=LIGHT[lt] if inside else "#fff",
                       stroke=col if inside else "#bbb", rx=0)
                s.text(x0 + e * c + (c - 3) / 2, y + 18, str(e), size=13, color="#333" if inside else "#999")
        for g in range(4):
            xe = x0 + (8 + g) * c + (c - 3) / 2
            s.text(xe, 146, "i=%d" % g, size=13, color=RED)
            s.line(xe, 98, xe, 132, color=RED, sw=1.2)
            s.line(xe, 152, xe, 166, color=RED, sw=1.2, arrow=True)
        for n, line in enumerate(["chunk 2 of 4 (first = 8, count = 4): work-item i reads",
                                  "x[8 + i] and y[8 + i] and writes z[8 + i]; each chunk's",
                                  "copies move only its own part of x, y and z"]):
            s.text(20, 214 + n * 18, line, anchor="start", size=14)
        return s.svg()


    def tree_split():
        """07: the first k levels from the bits of the global id."""
        s = Svg(560, 340, "The search tree split at depth k = 2")
        levels = 5
        pruned = {(3, 1), (3, 6), (4, 9), (2, 3)}  # (depth, index): the bounds cut here

        def pos(d, i):
            step = 520 / (2 ** d)
            return 30 + step * (i + 0.5), 96 + d * 40

        def dead(d, i):
            return any((dd, i >> (d - dd)) in pruned for dd in range(d))

        s.text(14, 24, "n = 5 items, split at depth k = 2: four subtrees, one work-item each", anchor="start",
               size=14, weight="bold")
        s.rect(4, 80, 552, 104, fill=LIGHT["blue"], stroke="none", rx=0)
        s.text(10, 62, "items 0 and 1: the bits of get_global_id(0); wi g: work-item g", anchor="start", size=14, color=BLUE)
        for d in range(1, levels + 1):
            for i in range(2 ** d):
                (x, y), (px, py) = pos(d, i), pos(d - 1, i >> 1)
                c = "#cccccc" if dead(d, i) else (RED if i & 1 else "#444")
                s.line(px, py, x, y, color=c, sw=1.3)
        for d in range(levels + 1):
            for i in range(2 ** d):
                if dead(d, i):
                    continue
                x, y = pos(d, i)
                fill = "#bbbbbb" if (d, i) in pruned else LIGHT["orange"] if d == 2 else "#fff"
                r = 6 if d < levels else 3.5
                s.add('<circle cx="%g" cy="%g" r="%g" fill="%s" stroke="#333"/>' % (x, y, r, fill))
        for i in range(4):
            x, y = pos(2, i)
            s.text(x + 10, y - 9, "wi %d" % i, anchor="start", size=13, color=ORANGE)
        s.text(14, 316, "grey: pruned, the items left cannot reach the target (work-item 3 stops at once);",
               anchor="start", size=13, color="#555")
        s.text(14, 334, "black edge: the item left out; red edge: the item taken; orange: the subtrees' roots",
               anchor="start", size=13, color="#555")
        return s.svg()

    def simt_lanes():
        """07: a sub-group runs as long as its longest lane."""
        s = Svg(560, 258, "One sub-group of 8 lanes in lockstep")
        work, cw = [9, 3, 14, 5, 14, 2, 7, 4], 34
        s.text(14, 22, "one sub-group of 8 lanes, each searching its own subtree", anchor="start", size=14,
               weight="bold")
        for lane, w in enumerate(work):
            y = 34 + lane * 20
            s.text(14, y + 14, "lane %d" % lane, anchor="start", size=13)
            for t in range(max(work)):
                c = RED if t < w else "#eee"
                s.rect(72 + t * cw, y, cw - 3, 16, fill=c, stroke="#999", sw=0.5, rx=0)
        busy, paid = sum(work), len(work) * max(work)
        s.text(14, 212, "a box: one turn of the loop (visit a node, descend or backtrack); the", anchor="start",
               size=13)
        s.text(14, 230, "sub-group runs 14 turns, as many as its slowest lane: %d useful turns of" % busy,
               anchor="start", size=13)
        s.text(14, 248, "%d paid for, %.0f %% of the lanes busy (“lanes” in the output)" % (paid, 100 * busy / paid),
               anchor="start", size=13)
        return s.svg()

    def pipeline():
        """08: four chunks on one queue and on three."""
        s = Svg(560, 270, "Four chunks on one queue and on three")
        U, K, D, x0, sc = 60, 30, 40, 92, 0.8
        col = {"u": GREEN, "k": RED, "d": BLUE}

        def box(x, y, w, c, i):
            s.rect(x0 + x * sc, y, w * sc - 2, 24, fill=col[c], stroke=col[c], rx=0)
            s.text(x0 + x * sc + 4, y + 17, "%s%d" % (c, i), anchor="start", size=13, color="#fff")

        s.text(14, 40, "one queue", anchor="start", size=13)
        t = 0
        for i in range(4):
            for c, w in (("u", U), ("k", K), ("d", D)):
                box(t, 24, w, c, i)
                t += w
        s.text(x0 + t * sc - 2, 66, "%d units" % t, anchor="end", size=13)
        rows = {"u": 92, "k": 122, "d": 152}
        for c, name in (("u", "upload"), ("k", "compute"), ("d", "download")):
            s.text(14, rows[c] + 17, name, anchor="start", size=13)
        tu = tk = td = 0
        for i in range(4):
            su, tu = tu, tu + U
            sk = max(tk, tu); tk = sk + K
            sd = max(td, tk); td = sd + D
            box(su, rows["u"], U, "u", i); box(sk, rows["k"], K, "k", i); box(sd, rows["d"], D, "d", i)
        s.text(x0 + td * sc + 4, rows["d"] + 17, "%d units" % td, anchor="start", size=13)
        s.line(x0 + 4 * U * sc, 86, x0 + 4 * U * sc, 182, color="#444", dash="4,3")
        for n, line in enumerate(["k3 waits for u3, d3 for k3 (event wait lists); each queue keeps its",
                                  "own order. The uploads, the longest stage, take %d units together" % (4 * U),
                                  "(dashed): no schedule ends before them plus the last chunk's",
                                  "compute and download."]):
            s.text(14, 204 + n * 18, line, anchor="start", size=13)
        return s.svg()

    return {
        "07-tree-split.svg": tree_split,
        "07-simt-lanes.svg": simt_lanes,
        "08-pipeline.svg": pipeline,
        "05-naive-map.svg": naive_map,
        "05-tiled-map.svg": tiled_map,
        "05-transpose-local.svg": transpose_local,
        "06-halo.svg": halo,
        "07-rounds.svg": rounds,
        "07-mitm.svg": mitm,
        "08-chunk-map.svg": chunk_map,
    }

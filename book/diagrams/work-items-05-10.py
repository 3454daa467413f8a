"""Diagrams of chapters 05 and 10: which work-item touches which data in
gemm_1d (WPT elements of one column per work-item), gemm_cpu16 (a 16 x 16
block in float16 sums) and gemm_cpu (a block of rows, k in chunks copied to a
private slice). make-diagrams.py draws them with the others at every build
(same Svg class and colours; text 13 units or more in a 560-unit viewBox)."""


def diagrams(Svg, GREEN, BLUE, ORANGE, GREY, RED, LIGHT):
    COLS = [BLUE, ORANGE, GREEN, RED]
    FILLS = [LIGHT["blue"], LIGHT["orange"], LIGHT["green"], LIGHT["red"]]

    def lines(s, x, y, texts, size=13, step=18, color="#222", mono=False):
        for n, t in enumerate(texts):
            s.text(x, y + n * step, t, anchor="start", size=size, color=color, mono=mono)

    def one_d():
        """05: gemm_1d with TS = 4, WPT = 2: work-item (lx, ly) owns rows ly and ly + RTS of column lx."""
        s = Svg(560, 452, "gemm_1d: WPT elements of one column per work-item")
        s.text(20, 24, "TS = 4, WPT = 2: a work-group of TS × TS/WPT = 4 × 2 work-items", anchor="start",
               size=14, weight="bold")
        c = 33
        ax, ay = 110, 226         # As: rows r down, k across
        bx, by = 310, 60          # Bs: k down, columns across
        cx, cy = 310, 226         # C: the group's tile
        tiles = ((ax, ay, "As[r][k]: tile of A"), (bx, by, "Bs[k][c]: tile of B"), (cx, cy, "C: the group's tile"))
        for x0, y0, name in tiles:
            for r in range(4):
                for col in range(4):
                    # every cell of the three tiles: copied (As, Bs) or computed (C) by work-item (col, r % 2)
                    s.rect(x0 + col * c, y0 + r * c, c - 3, c - 3, fill=FILLS[col], stroke="#666", sw=1)
                    s.text(x0 + col * c + (c - 3) / 2, y0 + r * c + c / 2 + 3, "%d,%d" % (col, r % 2), size=12)
        s.text(ax + 2 * c, ay + 4 * c + 18, tiles[0][2], size=13, weight="bold")
        s.text(bx + 2 * c, by - 8, tiles[1][2], size=13, weight="bold")
        s.text(cx + 2 * c, cy + 4 * c + 18, tiles[2][2], size=13, weight="bold", color=GREEN)
        for r in range(4):
            s.text(ax - 8, ay + r * c + c / 2 + 4, "r = %d" % r, anchor="end", size=12, color="#555")
            s.text(bx - 8, by + r * c + c / 2 + 4, "k = %d" % r, anchor="end", size=12, color="#555")
        for col in range(4):
            s.text(ax + col * c + (c - 3) / 2, ay - 6, "k=%d" % col, size=12, color="#555")
        # work-item (1, 0): the whole column 1 of Bs and rows 0 and 2 of As over k (dashed); at k = 2 the
        # one b and the two values of A it multiplies (thick), and its two elements of C
        s.rect(bx + c - 2, by - 2, c + 1, 4 * c + 1, fill="none", stroke="#111", sw=1.4, dash="5,3")
        for r in (0, 2):
            s.rect(ax - 2, ay + r * c - 2, 4 * c + 1, c + 1, fill="none", stroke="#111", sw=1.4, dash="5,3")
            s.rect(ax + 2 * c, ay + r * c, c - 3, c - 3, fill="none", stroke="#111", sw=3)
            s.rect(cx + c, cy + r * c, c - 3, c - 3, fill="none", stroke=GREEN, sw=3.5)
        s.rect(bx + c, by + 2 * c, c - 3, c - 3, fill="none", stroke="#111", sw=3)
        lines(s, 20, 62, ["label lx,ly: work-item (lx, ly)", "copies As[r][lx] and Bs[r][lx]",
                          "and computes C[r][lx] for", "r = ly and r = ly + RTS",
                          "(RTS = TS / WPT = 2)"], size=13)
        lines(s, 20, 162, ["dashed: what work-item (1, 0)", "reads; thick: at k = 2,",
                           "one b for its two sums"], size=13, color="#111")
        lines(s, 20, 402, ["per step k: b = Bs[k][lx], read once; then acc[w] += As[ly + w·RTS][k] · b",
                           "for w < WPT: 1 + WPT local reads for WPT multiply-adds (gemm_tiled: 2 for 1);",
                           "barrier, then the next tile of k"],
              size=13, color="#555")
        return s.svg()

    def cpu16():
        """10: gemm_cpu16: a work-item (its own work-group) owns a 16 x 16 block of C in 16 float16 sums."""
        s = Svg(560, 500, "gemm_cpu16: a 16 × 16 block of C per work-item")
        s.text(20, 24, "gemm_cpu16: one work-item per work-group, no local memory", anchor="start", size=14,
               weight="bold")
        blk = 40                  # 16 rows or columns
        ax, ay = 20, 250          # A: M x K, K drawn 150 wide
        bx, by = 210, 62          # B: K x N
        cx, cy = 210, 250         # C: M x N, 5 x 4 blocks
        kw = 150
        s.rect(ax, ay, kw, 4 * blk, fill="#fff", stroke="#666", sw=1)
        s.rect(bx, by, 5 * blk, kw, fill="#fff", stroke="#666", sw=1)
        for gy in range(4):
            for gx in range(5):
                s.rect(cx + gx * blk, cy + gy * blk, blk, blk, fill="#fff", stroke="#bbb", sw=0.8, rx=0)
        gx, gy, kx = 1, 2, 90     # the work-item drawn, and the step k drawn
        # its strip of B (columns j .. j + 15, every k) and band of A (rows i .. i + 15, every k)
        s.rect(bx + gx * blk, by, blk, kw, fill=LIGHT["blue"], stroke=BLUE, sw=1.4, rx=0)
        s.rect(ax, ay + gy * blk, kw, blk, fill=LIGHT["blue"], stroke=BLUE, sw=1.4, rx=0)
        s.rect(bx + gx * blk, by + kx, blk, 6, fill=ORANGE, stroke=ORANGE, sw=1, rx=0)
        s.rect(ax + kx, ay + gy * blk, 6, blk, fill=ORANGE, stroke=ORANGE, sw=1, rx=0)
        s.rect(cx + gx * blk, cy + gy * blk, blk, blk, fill=LIGHT["green"], stroke=GREEN, sw=2, rx=0)
        for r in range(1, 16):
            y = cy + gy * blk + r * blk / 16
            s.line(cx + gx * blk + 2, y, cx + (gx + 1) * blk - 2, y, color=GREEN, sw=0.6)
        s.text(ax + kw / 2, ay - 8, "A (M × K)", size=14, color="#333")
        s.text(bx + 2.5 * blk, by - 8, "B (K × N)", size=14, color="#333")
        s.text(cx + 2.5 * blk, cy + 4 * blk + 20, "C: one block per work-item", size=14, color=GREEN)
        s.text(ax + kx + 3, ay + 4 * blk + 20, "column k", size=13, color=ORANGE)
        s.text(bx + (gx + 1) * blk + 6, by + kx + 7, "row k: b", anchor="start", size=13, color=ORANGE)
        lines(s, 20, 62, ["work-item (gx, gy) = (1, 2):", "rows i = 16·gy … i + 15,",
                          "columns j = 16·gx … j + 15", "of C; blue: all it reads",
                          "", "acc[r]: row r of its block,", "one float16 sum (16 floats)"])
        lines(s, 430, 250, ["per step k:", "b = 16 floats of", "B's row k (one", "float16 load);",
                            "for r < 16:", "acc[r] += b ·", "A[i + r][k]", "(one float,", "broadcast)"])
        lines(s, 20, 470, ["16 float16 multiply-adds = 256 per k; at the end, acc[r] is stored to row i + r",
                           "of C. On AVX2 the 16 sums need 32 registers of the 16 there are: they spill"],
              size=13, color="#555")
        return s.svg()

    def cpu():
        """10: gemm_cpu: a block of MB rows x 3 vectors, k in chunks copied to a private slice, 4 rows at a time."""
        s = Svg(560, 540, "gemm_cpu: a block of rows, k in chunks, 4 rows at a time")
        s.text(20, 24, "gemm_cpu: one work-item per work-group, MB rows × 3 float8 of C", anchor="start",
               size=14, weight="bold")
        ax, ay = 20, 262          # A: M x K, K drawn 150 wide
        bx, by = 200, 74          # B: K x N, N drawn 180 wide
        cx, cy = 200, 262         # C
        kw, nw, mh = 150, 180, 160
        kc0, kcw = 60, 60         # the chunk drawn: k from kc0 to kc0 + kcw (KC steps)
        sx, sw_ = 272, 72         # the work-item's 24 columns: 3 vectors of 24 units
        r0, band = 286, 16        # its rows (6 bands of 4 drawn) and the band drawn
        s.rect(ax, ay, kw, mh, fill="#fff", stroke="#666", sw=1)
        s.rect(bx, by, nw, kw, fill="#fff", stroke="#666", sw=1)
        s.rect(cx, cy, nw, mh, fill="#fff", stroke="#666", sw=1)
        for k in range(kcw, kw, kcw):   # chunk boundaries of k in A and B
            s.line(ax + k, ay, ax + k, ay + mh, color="#999", sw=1, dash="4,3")
            s.line(bx, by + k, bx + nw, by + k, color="#999", sw=1, dash="4,3")
        # B: its 24 columns, every k (light); the chunk being copied (orange), and row k of it
        s.rect(bx + sx - cx, by, sw_, kw, fill=LIGHT["blue"], stroke=BLUE, sw=1.2, rx=0)
        s.rect(bx + sx - cx, by + kc0, sw_, kcw, fill=LIGHT["orange"], stroke=ORANGE, sw=2, rx=0)
        for v in (1, 2):
            s.line(bx + sx - cx + v * 24, by, bx + sx - cx + v * 24, by + kw, color=BLUE, sw=0.8)
        kk = 36                   # the step k drawn, inside the chunk
        s.rect(bx + sx - cx, by + kc0 + kk, sw_, 5, fill=ORANGE, stroke=ORANGE, sw=1, rx=0)
        # the slice: the chunk packed into a private array, rows next to each other
        px, py = 400, 90
        s.text(px, py - 14, "slice (private):", anchor="start", size=13, weight="bold")
        for n in range(3):
            for v in range(3):
                s.rect(px + v * 12 + n * 40, py, 11, 16, fill=LIGHT["orange"], stroke=ORANGE, sw=1, rx=0)
            s.text(px + n * 40 + 17, py + 32, "k%s" % ("+%d" % n if n else ""), size=13, color="#555")
        s.text(px + 124, py + 13, "…", anchor="start", size=13)
        s.text(px, py + 52, "row after row, each", anchor="start", size=13)
        s.text(px, py + 69, "3 float8, adjacent", anchor="start", size=13)
        s.line(bx + sx - cx + sw_ + 2, by + kc0 + kcw / 2, px - 4, py + 10, color=ORANGE, sw=1.6, arrow=True)
        s.text(px, py + 96, "1. copied once per", anchor="start", size=13, color=ORANGE)
        s.text(px, py + 113, "chunk of KC steps", anchor="start", size=13, color=ORANGE)
        # A: the rows of the band drawn, within the chunk; column k of it
        s.rect(ax, r0, kw, 6 * band, fill=LIGHT["blue"], stroke=BLUE, sw=1.2, rx=0)
        s.rect(ax + kc0, r0 + 2 * band, kcw, band, fill=LIGHT["orange"], stroke=ORANGE, sw=2, rx=0)
        s.rect(ax + kc0 + kk, r0 + 2 * band, 5, band, fill=ORANGE, stroke=ORANGE, sw=1, rx=0)
        # C: the block, in bands of 4 rows; the band drawn is 4 x 3 sums
        s.rect(sx, r0, sw_, 6 * band, fill=LIGHT["green"], stroke=GREEN, sw=1.4, rx=0)
        for b in range(1, 6):
            s.line(sx, r0 + b * band, sx + sw_, r0 + b * band, color=GREEN, sw=0.8)
        s.rect(sx, r0 + 2 * band, sw_, band, fill=GREEN, stroke=GREEN, sw=1, rx=0)
        ex, ey = 400, 300         # the band's sums, enlarged
        for r in range(4):
            for v in range(3):
                s.rect(ex + v * 46, ey + r * 22, 43, 19, fill=LIGHT["green"], stroke=GREEN, sw=1.2, rx=0)
                s.text(ex + v * 46 + 21, ey + r * 22 + 14, "%d,%d" % (r, v), size=12)
        s.line(sx + sw_ + 2, r0 + 2.5 * band, ex - 4, ey + 40, color=GREEN, sw=1.6, arrow=True)
        s.text(ex, ey - 8, "acc[r][v]: 12 float8", anchor="start", size=13, color=GREEN, weight="bold")
        s.text(ax + kw / 2, ay - 8, "A (M × K)", size=14, color="#333")
        s.text(bx + nw / 2, by - 8, "B (K × N)", size=14, color="#333")
        s.text(cx + nw / 2, cy + mh + 20, "C: its block, bands of 4 rows", size=14, color=GREEN)
        s.text(ax + kc0 + kcw / 2, ay + mh + 20, "chunk of k", size=13, color=ORANGE)
        lines(s, 20, 66, ["blue: what work-item", "(gx, gy) reads: 24", "columns of B, MB", "rows of A",
                          "dashed: chunks of k", "orange: the chunk", "being worked on",
                          "(drawn small: here", "MB = 128, KC = 256)"], size=13)
        lines(s, 20, 474, ["2. for each band of 4 rows: acc = that band of C (0 in the first chunk); for each k",
                           "of the chunk, b = 3 float8 of the slice, acc[r][v] += A[i + r][k] · b[v] (4 floats",
                           "of A broadcast, 12 multiply-adds of 8); acc stored back to C. Then the next chunk."],
              size=13, color="#555")
        return s.svg()

    return {
        "05-1d-map.svg": one_d,
        "10-cpu16-map.svg": cpu16,
        "10-cpu-map.svg": cpu,
    }

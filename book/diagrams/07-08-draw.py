#!/usr/bin/env python3
"""Draws the diagrams of chapters 07 and 08 as plain SVG:
07-tree-split.svg, 07-simt-lanes.svg, 08-pipeline.svg.
Run from this folder: python3 07-08-draw.py (the SVGs are committed)."""


def svg(name, w, h, title, body):
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            'font-family="sans-serif" font-size="12">', '<rect width="100%" height="100%" fill="white"/>',
            f'<text x="10" y="18" font-weight="bold">{title}</text>']
    open(name, 'w').write('\n'.join(head + body + ['</svg>']) + '\n')


def tree():
    s, levels = [], 5
    pruned = {(3, 1), (3, 6), (4, 9), (2, 3)}  # (depth, index): the bounds cut here

    def pos(d, i):
        step = 760 / (2 ** d)
        return 30 + step * (i + 0.5), 50 + d * 48

    def dead(d, i):
        return any((dd, i >> (d - dd)) in pruned for dd in range(d))

    s.append('<rect x="5" y="36" width="810" height="116" fill="#1f77b4" fill-opacity="0.07"/>')
    s.append('<text x="10" y="62" fill="#1f77b4">items 0 and 1: the bits of</text>')
    s.append('<text x="10" y="77" fill="#1f77b4">get_global_id(0)</text>')
    for d in range(1, levels + 1):
        for i in range(2 ** d):
            (x, y), (px, py) = pos(d, i), pos(d - 1, i >> 1)
            c = '#cccccc' if dead(d, i) else ('#d62728' if i & 1 else '#444444')
            s.append(f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="{c}" stroke-width="1.2"/>')
    for d in range(levels + 1):
        for i in range(2 ** d):
            if dead(d, i):
                continue
            x, y = pos(d, i)
            fill = '#bbbbbb' if (d, i) in pruned else '#ffdd88' if d == 2 else '#ffffff'
            s.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{6 if d < levels else 3}" fill="{fill}" stroke="#333333"/>')
    for i in range(4):
        x, y = pos(2, i)
        s.append(f'<text x="{x - 32:.1f}" y="{y - 11:.1f}" fill="#8a5a00" stroke="white" stroke-width="4" paint-order="stroke">work-item {i}</text>')
    s.append('<text x="10" y="330">grey node: pruned, the items left cannot reach the target (work-item 3 stops at once).</text>')
    s.append('<text x="10" y="346">black edge: the item left out; red edge: the item taken; yellow: the roots of the subtrees.</text>')
    svg('07-tree-split.svg', 820, 356, 'The search tree of n = 5 items split at depth k = 2: four subtrees, one work-item each', s)


def lanes():
    s, work, cw = [], [9, 3, 14, 5, 14, 2, 7, 4], 40
    for lane, w in enumerate(work):
        y = 35 + lane * 22
        s.append(f'<text x="10" y="{y + 14}">lane {lane}</text>')
        for t in range(max(work)):
            c = '#d62728' if t < w else '#eeeeee'
            s.append(f'<rect x="{70 + t * cw}" y="{y}" width="{cw - 3}" height="18" fill="{c}" stroke="#999999" stroke-width="0.5"/>')
    busy, paid = sum(work), len(work) * max(work)
    s.append('<text x="10" y="230">A box is one turn of the loop: visit a node, then descend or backtrack. The sub-group runs 14 turns,</text>')
    s.append(f'<text x="10" y="246">as many as its slowest lane: {busy} useful turns of {paid} paid for, {100 * busy / paid:.0f} % of the lanes busy ("lanes" in the output).</text>')
    svg('07-simt-lanes.svg', 700, 256, 'One sub-group of 8 lanes searching 8 subtrees in lockstep', s)


def pipeline():
    s, (U, K, D), x0 = [], (60, 30, 40), 110
    col = {'u': '#2ca02c', 'k': '#d62728', 'd': '#1f77b4'}

    def box(x, y, w, c, i):
        s.append(f'<rect x="{x0 + x}" y="{y}" width="{w - 2}" height="22" fill="{col[c]}" fill-opacity="0.85"/>')
        s.append(f'<text x="{x0 + x + 4}" y="{y + 15}" fill="white">{c}{i}</text>')

    s.append('<text x="10" y="55">one queue</text>')
    t = 0
    for i in range(4):
        for c, w in (('u', U), ('k', K), ('d', D)):
            box(t, 40, w, c, i)
            t += w
    s.append(f'<text x="{x0 + t + 5}" y="55">{t} units</text>')
    rows = {'u': 110, 'k': 140, 'd': 170}
    for c, name in (('u', 'upload'), ('k', 'compute'), ('d', 'download')):
        s.append(f'<text x="10" y="{rows[c] + 15}">{name}</text>')
    tu = tk = td = 0
    for i in range(4):
        su, tu = tu, tu + U
        sk = max(tk, tu); tk = sk + K
        sd = max(td, tk); td = sd + D
        box(su, rows['u'], U, 'u', i); box(sk, rows['k'], K, 'k', i); box(sd, rows['d'], D, 'd', i)
    s.append(f'<text x="{x0 + td + 5}" y="{rows["d"] + 15}">{td} units</text>')
    s.append(f'<line x1="{x0 + 4 * U}" y1="100" x2="{x0 + 4 * U}" y2="200" stroke="#444444" stroke-dasharray="4,3"/>')
    s.append('<text x="10" y="222">Kernel k3 waits for upload u3, download d3 for k3 (event wait lists); each queue keeps its own order.</text>')
    s.append(f'<text x="10" y="240">The uploads, the longest stage, take {4 * U} units together (dashed line): no schedule ends before them</text>')
    s.append('<text x="10" y="256">plus the last chunk\'s compute and download.</text>')
    svg('08-pipeline.svg', 700, 266, 'Four chunks: on one in-order queue, and on three queues ordered by events', s)


tree()
lanes()
pipeline()

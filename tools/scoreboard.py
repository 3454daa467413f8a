#!/usr/bin/env python3
"""scoreboard.py RESULTS -- every headline ratio of the workbook in one table.

Reads the CSV files `make bench` wrote into RESULTS (tools/results.py shape)
and prints a Markdown table (also written as RESULTS/scoreboard.csv for the book): what is compared, the two figures from the same
run, their ratio, the goal, and whether it is met. Each ratio is two numbers
from one run of one program on one device. A headline whose rows are missing
says "not measured".
"""
import csv, glob, os, sys


def load(path):
    meta, lines = {}, []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.startswith('# '):
                k, _, v = line[2:].partition(':')
                meta[k.strip()] = v.strip()
            elif line.strip():
                lines.append(line)
    return meta, list(csv.DictReader(lines))


def num(row, key):
    try:
        return float(row.get(key, ''))
    except ValueError:
        return None


def best(rows, key, **where):
    """The row with the largest `key` among rows matching `where`."""
    cand = [r for r in rows if all(str(r.get(k)) == str(v) for k, v in where.items())
            and num(r, key) is not None]
    return max(cand, key=lambda r: num(r, key)) if cand else None


HEADLINES = []  # (lesson csv, label, function(rows) -> (num, den, text) or None, goal)


def headline(csv_name, label, goal):
    def wrap(fn):
        HEADLINES.append((csv_name, label, fn, goal))
        return fn
    return wrap


@headline('03-vector-types.csv', 'outer sum: best kernel / FMA peak', 0.95)
def outer_sum(rows):
    r = best(rows, 'gflops')
    if not r or num(r, 'peak_gflops') is None: return None
    return num(r, 'gflops'), num(r, 'peak_gflops'), f"{r['variant']} wg {r.get('wg')} (GFLOP/s)"


def scan_ratio(rows, variant=None):
    cand = [r for r in rows if (variant is None or r.get('variant') == variant)
            and r.get('type', 'float') == 'float' and num(r, 'copy_gbps')]
    if not cand: return None
    n = max(num(r, 'n') for r in cand)
    r = max((r for r in cand if num(r, 'n') == n), key=lambda r: num(r, 'gbps'))
    return num(r, 'gbps'), num(r, 'copy_gbps'), f"{r['variant']} at n = {int(n)} (GB/s)"


@headline('04-prefix-scan.csv', 'scan: the default (no flags) / float4 copy', 0.85)
def scan_default(rows):
    defaults = [r for r in rows if r.get('default') == '1']
    return scan_ratio(defaults) if defaults else scan_ratio(rows, 'lookback')


@headline('04-prefix-scan.csv', 'scan: best variant / float4 copy', 0.80)
def scan_best(rows):
    return scan_ratio([r for r in rows if r.get('variant') != 'reduce'])  # a reduction is no scan


def gemm(rows, n, a, b):
    ra = best(rows, 'gflops', variant=a, n=n)
    rb = best(rows, 'gflops', variant=b, n=n)
    if not ra or not rb: return None
    return num(ra, "gflops"), num(rb, "gflops"), "GFLOP/s"


for n, goal in ((8192, 0.95), (4096, 0.90), (2048, 0.90), (1024, 0.90)):
    headline('05-matrix-multiplication.csv', f'SGEMM fast / cuBLAS at n = {n}', goal)(
        lambda rows, n=n: gemm(rows, n, 'fast', 'cublas'))
headline('05-matrix-multiplication.csv', 'SGEMM fast / CLBlast at n = 8192', 1.0)(
    lambda rows: gemm(rows, 8192, 'fast', 'clblast'))
for n in (1024, 2048):
    headline('05-matrix-multiplication.csv', f'SGEMM cpu kernel / OpenBLAS at n = {n} on a CPU device', 0.5)(
        lambda rows, n=n: None if ON_GPU else gemm(rows, n, 'cpu', 'openblas'))
ON_GPU = False  # set by main(): the CPU headlines mean nothing on a GPU


def main(res, csv_out=None):
    tables = {os.path.basename(p): load(p) for p in glob.glob(os.path.join(res, '*.csv'))
              if os.path.basename(p) != 'scoreboard.csv'}
    meta = next((m for m, _ in tables.values() if m.get('device')), {})
    global ON_GPU
    ON_GPU = '(GPU)' in meta.get('device', '')
    print(f"# Scoreboard: {meta.get('device', '?')}, driver {meta.get('driver', '?')}, "
          f"{meta.get('opencl', '?')}, {meta.get('date', '?')}\n")
    print('| headline | kernel | yardstick | ratio | goal | met |')
    print('| --- | ---: | ---: | ---: | ---: | --- |')
    out = []
    for name, label, fn, goal in HEADLINES:
        got = fn(tables[name][1]) if name in tables else None
        if not got:
            print(f'| {label} | | | not measured | {goal:.2f} | |')
            out.append([label, '', '', '', 'not measured', f'{goal:.2f}', ''])
            continue
        a, b, text = got
        ratio = a / b
        met = "yes" if ratio >= goal else f"no ({100 * (goal - ratio) / goal:.1f} % short)"
        print(f'| {label}: {text} | {a:.1f} | {b:.1f} | {ratio:.3f} | {goal:.2f} | {met} |')
        out.append([label, text, f'{a:.1f}', f'{b:.1f}', f'{ratio:.3f}', f'{goal:.2f}', met])
    if csv_out:  # the same table for the book, in the project's one CSV shape
        with open(csv_out, 'w', encoding='utf-8') as f:
            for k in ('device', 'vendor', 'driver', 'opencl', 'date'):
                f.write(f'# {k}: {meta.get(k, "?")}\n')
            w = csv.writer(f, lineterminator='\n')
            w.writerow(['headline', 'at', 'kernel', 'yardstick', 'ratio', 'goal', 'met'])
            w.writerows(out)


if __name__ == '__main__':
    res = sys.argv[1] if len(sys.argv) > 1 else 'results/pocl'
    main(res, os.path.join(res, 'scoreboard.csv'))

#!/usr/bin/env python3
"""scoreboard.py RESULTS -- every headline ratio of the workbook in one table.

Reads the CSV files `make bench` wrote into RESULTS (tools/results.py shape)
and prints a Markdown table (also written as RESULTS/scoreboard.csv for the book): what is compared, the two figures from the same
run, their ratio, the goal, and whether it is met. Each ratio is two numbers
from one run on one device; where `make bench` measured a headline several
times (bench.args repeats its lines), the table gives the median ratio and
the spread (lowest and highest) of the runs. A headline whose rows are
missing says "not measured".
"""
import csv, glob, os, statistics, sys


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


def groups(rows, key, *fields):
    """Rows with a number in `key`, grouped by the values of `fields`."""
    out = {}
    for r in rows:
        if num(r, key) is not None:
            out.setdefault(tuple(r.get(f) for f in fields), []).append(r)
    return out


def pick(groups_, key):
    """The group measured most often (the headline's repeated runs); among
    equals, the one with the best median."""
    return max(groups_.values(), key=lambda g: (len(g), statistics.median(num(r, key) for r in g)),
               default=None)


@headline('03-vector-types.csv', 'outer sum: best kernel / FMA peak', 0.95)
def outer_sum(rows):
    # The OpenMP loops (openmp, openmp8acc) are C beside the kernels, not kernels.
    g = groups([r for r in rows if num(r, 'peak_gflops') and not r.get('variant', '').startswith('openmp')],
               'gflops', 'variant', 'wg')
    if not g: return None
    best_g = max(g.values(), key=lambda g: statistics.median(num(r, 'gflops') for r in g))
    r = best_g[0]
    return ([(num(r, 'gflops'), num(r, 'peak_gflops')) for r in best_g],
            f"{r['variant']} wg {r.get('wg')} (GFLOP/s)")


def scan_ratio(rows, variant=None):
    cand = [r for r in rows if (variant is None or r.get('variant') == variant)
            and r.get('type', 'float') == 'float' and num(r, 'copy_gbps')]
    if not cand: return None
    n = max(num(r, 'n') for r in cand)
    g = pick(groups([r for r in cand if num(r, 'n') == n], 'gbps', 'variant', 'wg', 'items'), 'gbps')
    return ([(num(r, 'gbps'), num(r, 'copy_gbps')) for r in g],
            f"{g[0]['variant']} at n = {int(n)} (GB/s)")


@headline('04-prefix-scan.csv', 'scan: reduce-then-scan (3n) / float4 copy', 0.60)
def scan_three_passes(rows):
    return scan_ratio(rows, 'reduce-then-scan')  # 2n of 3n: at most 0.67


@headline('09-single-pass-scan.csv', 'scan: the default (no flags) / float4 copy', 0.90)
def scan_default(rows):
    defaults = [r for r in rows if r.get('default') == '1']
    return scan_ratio(defaults) if defaults else scan_ratio(rows, 'lookback')


@headline('09-single-pass-scan.csv', 'scan: best single pass / float4 copy', 0.80)
def scan_best(rows):
    return scan_ratio(rows)


def gemm(rows, n, a, b):
    """Each run of kernel a paired with the run of library b that followed it."""
    ra = [num(r, 'gflops') for r in rows if r.get('variant') == a and r.get('n') == str(n) and num(r, 'gflops')]
    rb = [num(r, 'gflops') for r in rows if r.get('variant') == b and r.get('n') == str(n) and num(r, 'gflops')]
    if not ra or not rb: return None
    return list(zip(ra, rb)), "GFLOP/s"


for n, goal in ((8192, 1.00), (4096, 1.00), (4099, 0.95), (2048, 0.95), (1024, 0.95)):
    headline('10-gemm-to-the-limit.csv', f'SGEMM fast / cuBLAS at n = {n}', goal)(
        lambda rows, n=n: gemm(rows, n, 'fast', 'cublas'))
headline('10-gemm-to-the-limit.csv', 'SGEMM fast / CLBlast at n = 8192', 1.0)(
    lambda rows: gemm(rows, 8192, 'fast', 'clblast'))
for n in (1024, 2048):
    headline('10-gemm-to-the-limit.csv', f'SGEMM cpu kernel / OpenBLAS at n = {n} on a CPU device', 0.5)(
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
    print('| headline | kernel | yardstick | ratio (median) | spread of the ratio | goal | met |')
    print('| --- | ---: | ---: | ---: | --- | ---: | --- |')
    out = []
    for name, label, fn, goal in HEADLINES:
        got = fn(tables[name][1]) if name in tables else None
        if not got:
            print(f'| {label} | | | not measured | | {goal:.2f} | |')
            out.append([label, '', '', '', 'not measured', '', f'{goal:.2f}', ''])
            continue
        pairs, text = got
        ratios = [x / y for x, y in pairs]
        a = statistics.median(x for x, _ in pairs)
        b = statistics.median(y for _, y in pairs)
        ratio = statistics.median(ratios)
        runs = len(ratios)
        spread = (f'{min(ratios):.3f}–{max(ratios):.3f} ({runs} runs)' if runs > 1 else '1 run')
        met = "yes" if ratio >= goal else f"no ({100 * (goal - ratio) / goal:.1f} % short)"
        print(f'| {label}: {text} | {a:.1f} | {b:.1f} | {ratio:.3f} | {spread} | {goal:.2f} | {met} |')
        out.append([label, text, f'{a:.1f}', f'{b:.1f}', f'{ratio:.3f}', spread, f'{goal:.2f}', met])
    if csv_out:  # the same table for the book, in the project's one CSV shape
        with open(csv_out, 'w', encoding='utf-8') as f:
            for k in ('device', 'vendor', 'driver', 'opencl', 'date'):
                f.write(f'# {k}: {meta.get(k, "?")}\n')
            w = csv.writer(f, lineterminator='\n')
            w.writerow(['headline', 'at', 'kernel', 'yardstick', 'ratio', 'spread', 'goal', 'met'])
            w.writerows(out)


if __name__ == '__main__':
    res = sys.argv[1] if len(sys.argv) > 1 else 'results/pocl'
    main(res, os.path.join(res, 'scoreboard.csv'))

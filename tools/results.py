#!/usr/bin/env python3
"""results.py [LOG...] -- turn lesson output into one CSV on stdout.

Reads the programs' output (files, or stdin): the `device:` line that
clu_setup() prints and every `result: key=value ...` line. Writes the one
CSV shape every result file has: comment lines `# device:`, `# vendor:`,
`# driver:`, `# opencl:`, `# date:`, then a header row (every key in the
order first seen) and one row per result line.
"""
import csv, datetime, re, sys

DEVICE = re.compile(r'^device:\s+(.*) \(([^,]*), vendor (.*), driver (.*), (OpenCL.*)\)\s*$')


def main(paths):
    streams = [open(p, encoding='utf-8', errors='replace') for p in paths] or [sys.stdin]
    meta, rows, keys = None, [], []
    for s in streams:
        for line in s:
            m = DEVICE.match(line)
            if m and meta is None:
                meta = m.groups()
            if line.startswith('result: '):
                row = dict(kv.split('=', 1) for kv in line[8:].split() if '=' in kv)
                keys += [k for k in row if k not in keys]
                rows.append(row)
    if meta is None:
        sys.exit('results.py: no "device:" line in the output')
    if not rows:
        sys.exit('results.py: no "result:" line in the output')
    name, kind, vendor, driver, opencl = meta
    date = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
    out = sys.stdout
    out.write(f'# device: {name} ({kind})\n# vendor: {vendor}\n# driver: {driver}\n'
              f'# opencl: {opencl}\n# date: {date}\n')
    w = csv.DictWriter(out, fieldnames=keys, lineterminator='\n')
    w.writeheader()
    w.writerows(rows)


if __name__ == '__main__':
    main(sys.argv[1:])

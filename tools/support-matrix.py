#!/usr/bin/env python3
"""support-matrix.py [--check] -- what works where, from the runs of make lab.

Reads every results/<device>/lab/ that tools/lab.sh wrote (lessons.csv,
solutions.csv, corpus.csv, each headed by # device/# driver/# date) and writes
  results/support-lessons.csv    lesson x implementation: verified with no
                                 flags, and the variant it chose;
  results/support-exercises.csv  exercise x implementation: the official
                                 solution's score and tier, and how many of
                                 the wrong attempts the grader caught;
and the same two tables as Markdown between the markers
<!-- support-matrix --> and <!-- end support-matrix --> in README.md.
The book's instructors' appendix draws its tables from the CSVs.
--check: exit 1 (saying what) when a file is not what the runs give.
"""
import csv
import glob
import io
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_lab_csv(path):
    """(header dict, rows as dicts) of one lab CSV; None when it is absent."""
    if not os.path.exists(path):
        return None
    meta, lines = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# ") and ":" in line:
                k, v = line[2:].split(":", 1)
                meta[k.strip()] = v.strip()
            elif line.strip():
                lines.append(line)
    return meta, list(csv.DictReader(io.StringIO("".join(lines))))


def implementation(meta, folder):
    dev = meta.get("device", folder)
    short = dev.replace("NVIDIA ", "").replace(" 80GB HBM3", "")
    if "pthread" in dev or folder == "pocl":
        short = "PoCL (CPU)"
    if folder == "rusticl" or "llvmpipe" in dev:
        short = "rusticl (CPU)"
    return f"{short} {meta.get('date', '?')}"


def labs():
    out = []
    for d in sorted(glob.glob(os.path.join(ROOT, "results", "*", "lab"))):
        folder = os.path.basename(os.path.dirname(d))
        parts = {n: read_lab_csv(os.path.join(d, n + ".csv")) for n in ("lessons", "solutions", "corpus")}
        meta = next((p[0] for p in parts.values() if p), None)
        if meta is None:
            continue
        out.append((implementation(meta, folder), parts))
    return out


def tables():
    found = labs()
    names = [n for n, _ in found]
    lessons, exercises = {}, {}
    for name, parts in found:
        if parts["lessons"]:
            for r in parts["lessons"][1]:
                cell = ("verified" if r["verified"] == "yes" else f"FAILED (exit {r['exit']})")
                if r.get("variant", "-") not in ("", "-"):
                    cell += f" ({r['variant']})"
                lessons.setdefault(r["lesson"], {})[name] = cell
        if parts["solutions"]:
            for r in parts["solutions"][1]:
                tier = r["tier"] if r["tier"] not in ("", "-") else "no tier"
                exercises.setdefault(r["exercise"], {})[name] = f"{r['score']}/{r['max']} {tier}"
        if parts["corpus"]:
            count = {}
            for r in parts["corpus"][1]:
                c = count.setdefault(r["exercise"], [0, 0])
                c[0] += r["caught"] == "yes"
                c[1] += 1
            for ex, (caught, total) in count.items():
                cell = exercises.setdefault(ex, {}).get(name, "not graded")
                exercises[ex][name] = f"{cell}; {caught}/{total} caught"
    return names, lessons, exercises


def as_csv(first, names, rows):
    """Long form, one row a cell (the book's .table pivots it); no commas in cells."""
    s = io.StringIO()
    # the header lines the book's tables read: each column names its own run
    s.write("# device: one implementation a column\n# date: " + max(n.rsplit(" ", 1)[-1] for n in names) + "\n")
    w = csv.writer(s, lineterminator="\n")
    w.writerow([first, "implementation", "result"])
    for key in sorted(rows):
        for n in names:
            w.writerow([key, n.replace(",", ""), rows[key].get(n, "not run").replace(",", ";")])
    return s.getvalue()


def as_markdown(first, names, rows):
    lines = ["| " + " | ".join([first] + names) + " |", "|" + "---|" * (len(names) + 1)]
    for key in sorted(rows):
        lines.append("| " + " | ".join([f"`{key}`"] + [rows[key].get(n, "not run") for n in names]) + " |")
    return "\n".join(lines)


def main():
    check = "--check" in sys.argv[1:]
    names, lessons, exercises = tables()
    if not names:
        print("support-matrix: no results/*/lab/ (run make lab first)", file=sys.stderr)
        return 2
    want = {
        os.path.join(ROOT, "results", "support-lessons.csv"): as_csv("lesson", names, lessons),
        os.path.join(ROOT, "results", "support-exercises.csv"): as_csv("exercise", names, exercises),
    }
    block = ("<!-- support-matrix -->\n"
             "Lessons run with no flags (`make lab`, tools/support-matrix.py):\n\n"
             + as_markdown("lesson", names, lessons) +
             "\n\nExercises: the official solution's score and speed tier; wrong attempts of the "
             "grader's corpus caught:\n\n" + as_markdown("exercise", names, exercises) +
             "\n<!-- end support-matrix -->")
    readme = os.path.join(ROOT, "README.md")
    text = open(readme, encoding="utf-8").read()
    start, end = text.find("<!-- support-matrix -->"), text.find("<!-- end support-matrix -->")
    if start < 0 or end < 0:
        print("support-matrix: README.md has no <!-- support-matrix --> markers", file=sys.stderr)
        return 2
    want[readme] = text[:start] + block + text[end + len("<!-- end support-matrix -->"):]
    stale = [p for p, s in want.items()
             if not os.path.exists(p) or open(p, encoding="utf-8").read() != s]
    if check:
        for p in stale:
            print(f"support-matrix: {os.path.relpath(p, ROOT)} is not what the lab runs give "
                  "(run python3 tools/support-matrix.py)")
        return 1 if stale else 0
    for p in stale:
        with open(p, "w", encoding="utf-8") as f:
            f.write(want[p])
        print(f"support-matrix: wrote {os.path.relpath(p, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""book-exercises.py NN OUT.md -- the exercises of lesson NN, for the end of
its chapter: each exercises/NN-k-name/README.md with its headings moved under
the chapter's "Exercises" section (# -> ###, ## -> ####, unnumbered), its
relative links pointed at the exercise's folder, and a line that names the
starter files and the grade command. Whatever headings a README has are kept;
<details> blocks (hints) stay folded on the web and print open."""
import glob
import os
import re
import sys


def demote(text, folder):
    out, fence = [], None
    for line in text.splitlines():
        m = re.match(r"^(`{3,}|~{3,})", line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif line.startswith(fence):
                fence = None
        elif fence is None:
            h = re.match(r"^(#{1,4})\s+(.*?)\s*$", line)
            if h:
                line = "#" * (len(h.group(1)) + 2) + " " + h.group(2) + " {.unnumbered}"
            # links relative to the README's folder
            line = re.sub(r"\]\((?!https?:|#|/)([^)]+)\)", lambda m: "](%s/%s)" % (folder, m.group(1)), line)
        out.append(line)
    return out


def main(nn, dst):
    folders = sorted(d for d in glob.glob("exercises/%s-*" % nn) if os.path.isdir(d))
    lines = []
    for d in folders:
        readme = os.path.join(d, "README.md")
        if not os.path.exists(readme):
            sys.exit("book-exercises: %s has no README.md" % d)
        ex = os.path.basename(d)
        num = "-".join(ex.split("-")[:2])
        body = demote(open(readme, encoding="utf-8").read(), d)
        # the title first, then where the files are and how to grade
        if body and body[0].startswith("###"):
            title = re.sub(r"\s*\{\.unnumbered\}$", "", body[0][4:])
            body = body[1:]
        else:
            title = "Exercise " + num
        files = sorted(f for f in os.listdir(d) if f not in ("README.md", "check.c") and not f.startswith("."))
        lines.append("### %s {#ex-%s .unnumbered .exercise}" % (title, num))
        lines.append("")
        lines.append(":::: {.exercise-where}")
        lines.append("**Starter:** `%s/` (%s). **Grade:** `make grade EX=%s DIR=%s`" %
                     (d, ", ".join("`%s`" % f for f in files) or "no files", num, d))
        lines.append("::::")
        lines.extend(body)
        lines.append("")
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: book-exercises.py NN OUT.md")
    main(sys.argv[1], sys.argv[2])

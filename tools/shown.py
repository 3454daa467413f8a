#!/usr/bin/env python3
"""shown.py [LESSON...] -- how much of each lesson's C its chapter shows.

For every lessons/NN-name/: the lines of C in the folder (*.c, *.h, marker
lines not counted) and how many of them the chapter includes through
```{.c include=lessons/NN-name/FILE snippet=NAME}``` blocks (or whole files).
"""
import glob, os, re, sys

START = re.compile(r'^\s*(//|#)\s*snippet:\s*(\S+)\s*$')
END = re.compile(r'^\s*(//|#)\s*end snippet\b')
INCLUDE = re.compile(r'include=(\S+?)(?:\s+snippet=(\S+?))?[\s}]')


def code_lines(path):
    return [l for l in open(path, encoding='utf-8').read().split('\n')
            if not START.match(l) and not END.match(l)]


def snippet_lines(path, name):
    out, depth, inside = set(), 0, False
    for i, l in enumerate(open(path, encoding='utf-8').read().split('\n')):
        if START.match(l):
            if inside: depth += 1
            elif START.match(l).group(2) == name: inside = True
            continue
        if END.match(l):
            if inside and depth == 0: break
            depth -= inside
            continue
        if inside: out.add(i)
    return out


def main(args):
    lessons = args or sorted(os.path.basename(d) for d in glob.glob('lessons/[0-9][0-9]-*'))
    print(f"{'lesson':28} {'lines of C':>10} {'shown':>7}")
    for les in lessons:
        files = sorted(glob.glob(f'lessons/{les}/*.c') + glob.glob(f'lessons/{les}/*.h'))
        total = sum(len(code_lines(f)) for f in files)
        shown = {f: set() for f in files}
        chapter = open(f'lessons/{les}/chapter.md', encoding='utf-8').read()
        for m in INCLUDE.finditer(chapter):
            path, name = m.group(1), m.group(2)
            if path not in shown: continue
            if name: shown[path] |= snippet_lines(path, name)
            else: shown[path] |= set(range(len(code_lines(path))))
        n = sum(len(s) for s in shown.values())
        print(f"{les:28} {total:10} {100.0 * n / max(total, 1):6.0f}%")


if __name__ == '__main__':
    main(sys.argv[1:])

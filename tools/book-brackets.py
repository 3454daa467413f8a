#!/usr/bin/env python3
"""book-brackets.py FILE... -- find paragraphs of Markdown that open a [
they never close (a half-open interval such as [-1, 1), say).

Pandoc 2.17's reader then keeps looking for the ] through the rest of the
document, paragraph after paragraph: one such bracket in chapter 4 made the
whole book take 11 s to read instead of 1.2 s, and every chapter after it
slower. Write it as \\[ (the book shows a plain [). Code blocks, code spans,
comments and escaped brackets are not counted. Prints FILE:LINE: for each
such paragraph and exits 1 if there is one."""
import re
import sys


def unclosed(lines):
    """The paragraph's text with what does not count taken out: is a [ left open?"""
    s = '\n'.join(lines)
    s = re.sub(r'\\.', '', s)
    s = re.sub(r'(`+).*?\1', '', s, flags=re.S)
    s = re.sub(r'<!--.*?-->', '', s, flags=re.S)
    depth = 0
    for ch in s:
        if ch == '[':
            depth += 1
        elif ch == ']' and depth:
            depth -= 1
    return depth > 0


def main(paths):
    found = 0
    for path in paths:
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        fence, para, start = None, [], 0
        for i, line in enumerate(lines + ['']):
            if fence:
                if line.strip().startswith(fence):
                    fence = None
                continue
            opening = re.match(r'\s*(`{3,}|~{3,})', line)
            if opening or not line.strip():
                if para and unclosed(para):
                    print(f'{path}:{start + 1}: this paragraph opens a [ it never closes '
                          f'(pandoc then reads the rest of the book slowly): write it as \\[')
                    found += 1
                para = []
                if opening:
                    fence = opening.group(1)
                continue
            if not para:
                start = i
            para.append(line)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""book-glyphs.py PRINT.HTML PDF -- does the printed edition have a glyph for
every character it prints? WeasyPrint draws a character that no installed
font covers as an empty box or leaves it out, and says nothing. So: take every
character of the text that went into the PDF (the print HTML's text, and what
pdftotext reads back from the PDF), and ask fontconfig for an installed font
that covers it (`fc-list :charset=HEX`). Exit 1 and name each character (and
its script) that no font covers; exit 2 when the tools are missing."""
import html
import re
import shutil
import subprocess
import sys
import unicodedata


def text_of_html(path):
    s = open(path, encoding="utf-8").read()
    s = re.sub(r"<(style|script)\b.*?</\1>", " ", s, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", s))


def main(html_path, pdf_path):
    for tool in ("fc-list", "pdftotext"):
        if not shutil.which(tool):
            print("book-glyphs: %s is missing" % tool, file=sys.stderr)
            return 2
    text = text_of_html(html_path)
    r = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf_path, "-"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    text += r.stdout.decode("utf-8", "replace")
    chars = sorted({c for c in text if ord(c) > 0x7e and not c.isspace() and unicodedata.category(c)[0] != "C"})
    missing = []
    for c in chars:
        out = subprocess.run(["fc-list", ":charset=%x" % ord(c), "family"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.strip()
        if not out:
            missing.append(c)
    for c in missing:
        print("book-glyphs: no installed font has %r U+%04X %s" % (c, ord(c), unicodedata.name(c, "?")))
    print("book-glyphs: %d distinct non-ASCII characters, %d without a font" % (len(chars), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: book-glyphs.py PRINT.HTML PDF")
    sys.exit(main(sys.argv[1], sys.argv[2]))

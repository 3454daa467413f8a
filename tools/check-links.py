#!/usr/bin/env python3
"""check-links.py DIR|FILE.html... -- what a reader of the web book would trip
over, without a browser:
  * every link to a page or #id of the book resolves (across pages);
  * every image exists beside the pages (or is embedded);
  * every figure has a caption numbered "Figure N.k:" and every table one
    numbered "Table N.k:";
  * every external link is an absolute http(s) address;
  * no Markdown table syntax reaches the page as text ("| a | b |" or
    "| --- |" outside code: a table that a caption line or a blank line in
    its middle broke).
Exit 1 and one line per problem otherwise."""
import glob
import html.parser
import os
import re
import sys


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.hrefs, self.imgs = set(), [], []
        self.figures, self.tables = 0, 0
        self.captions = {"figcaption": [], "caption": []}
        self._in = None
        self._buf = ""
        self._raw = 0          # inside pre, code, script, style
        self.pipes = []        # text that looks like table syntax

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("pre", "code", "script", "style", "textarea"):
            self._raw += 1
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if tag == "img":
            self.imgs.append(a.get("src", ""))
        if tag == "figure":
            self.figures += 1
        if tag == "table":
            self.tables += 1
        if tag in self.captions:
            self._in, self._buf = tag, ""
        if tag == "div" and "table-caption" in (a.get("class") or "").split():
            self._in, self._buf = "caption", ""

    def handle_endtag(self, tag):
        if tag in ("pre", "code", "script", "style", "textarea"):
            self._raw = max(0, self._raw - 1)
        if tag == self._in or (tag == "div" and self._in == "caption"):
            self.captions[self._in].append(self._buf.strip())
            self._in = None

    def handle_data(self, data):
        if not self._raw:
            t = data.strip()
            if re.search(r"\|\s+[^|\n]+?\s+\|\s+[^|\n]+?\s+\|", t) or re.search(r"\|\s*:?-{3,}:?\s*\|", t):
                self.pipes.append(" ".join(t.split())[:60])
        if self._in:
            self._buf += data


def main(args):
    files = []
    for a in args:
        files += sorted(glob.glob(os.path.join(a, "*.html"))) if os.path.isdir(a) else [a]
    pages = {}
    for f in files:
        p = Page()
        with open(f, encoding="utf-8") as fh:
            p.feed(fh.read())
        pages[os.path.abspath(f)] = p
    bad = []
    nlinks = nimgs = nfig = ntab = 0
    for f, p in pages.items():
        here = os.path.basename(f)
        d = os.path.dirname(f)
        for h in p.hrefs:
            nlinks += 1
            if h.startswith(("http://", "https://")):
                if " " in h or not re.match(r"https?://[^/]+\.[^/]+", h):
                    bad.append("%s: malformed address %s" % (here, h))
                continue
            if h.startswith("mailto:"):
                continue
            path, _, frag = h.partition("#")
            target = os.path.abspath(os.path.join(d, path)) if path else f
            if path and not os.path.exists(target):
                bad.append("%s: link to a missing file %s" % (here, h))
            elif frag and target in pages and frag not in pages[target].ids:
                bad.append("%s: broken link %s" % (here, h))
        for s in p.imgs:
            nimgs += 1
            if not s.startswith("data:") and not os.path.exists(os.path.join(d, s)):
                bad.append("%s: missing image %s" % (here, s[:80]))
        nfig += p.figures
        ntab += p.tables
        caps = p.captions["figcaption"]
        if len(caps) != p.figures:
            bad.append("%s: %d figures but %d captions" % (here, p.figures, len(caps)))
        for c in caps:
            if not re.match(r"Figure [0-9A-Z]+\.\d+:", c):
                bad.append("%s: a figure without a number: %s" % (here, c[:60]))
        caps = p.captions["caption"]
        if len(caps) != p.tables:
            bad.append("%s: %d tables but %d captions" % (here, p.tables, len(caps)))
        for c in caps:
            if not re.match(r"Table [0-9A-Z]+\.\d+:", c):
                bad.append("%s: a table without a number: %s" % (here, c[:60]))
        for t in p.pipes:
            bad.append("%s: table syntax shown as text: %s" % (here, t))
    for b in bad:
        print("check-links:", b)
    print("check-links: %d pages, %d links, %d images, %d figures, %d tables, %d problems"
          % (len(pages), nlinks, nimgs, nfig, ntab, len(bad)))
    return 1 if bad or not pages else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: check-links.py DIR|FILE.html...")
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""check-links.py HTML -- every in-page link of the book points at an id that
exists, and every image is embedded or exists on disk. Exit 1 otherwise."""
import html.parser
import os
import sys


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs, self.imgs = set(), [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if tag == "img":
            self.imgs.append(a.get("src", ""))


def main(path):
    p = Links()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    bad = []
    for h in p.hrefs:
        if h.startswith("#") and h[1:] not in p.ids:
            bad.append("broken link " + h)
        elif not h.startswith(("#", "http://", "https://", "mailto:")):
            if not os.path.exists(os.path.join(os.path.dirname(path), h.split("#")[0])):
                bad.append("link to a missing file " + h)
    for s in p.imgs:
        if not s.startswith("data:") and not os.path.exists(os.path.join(os.path.dirname(path), s)):
            bad.append("missing image " + s[:80])
    for b in bad:
        print("check-links:", b)
    print("check-links: %d links, %d images, %d ids, %d problems" % (len(p.hrefs), len(p.imgs), len(p.ids), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

#!/usr/bin/env python3
"""book-split.py ALL.HTML OUTDIR -- the web book: one page per chapter and
appendix, cut from the single HTML file that Pandoc wrote with
book/web-template.html (markers around the body, metadata in comments).

Each page gets the sidebar (every chapter; the sections of the current one),
previous/next links, heading links, tables wrapped so that they scroll inside
themselves, figures that keep a readable size on a phone, and the scripts
book/book.js (menu, copy buttons, where-you-are marker, search). The search
index is written as OUTDIR/search-index.js, a script rather than JSON, so that
it loads from file:// where fetch() is refused. Images the pages use are
copied beside them. Links to an id on another page are rewritten to point to
that page."""
import html
import os
import re
import shutil
import sys

SECTION = re.compile(r'<section\s+id="([^"]+)"\s+class="level([1-6])([^"]*)"[^>]*>\s*<h\2[^>]*>(.*?)</h\2>', re.S)


def strip_tags(s):
    s = re.sub(r'<span class="header-section-number">([^<]*)</span>', r'\1', s)
    return html.unescape(re.sub(r"<[^>]+>", "", s)).strip()


def top_sections(body):
    """(id, html) for each level-1 section, in order."""
    out, depth, start, sid = [], 0, None, None
    for m in re.finditer(r"<section\b[^>]*>|</section>", body):
        if m.group(0).startswith("<section"):
            if depth == 0:
                start = m.start()
                sid = re.search(r'id="([^"]+)"', m.group(0)).group(1)
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                out.append((sid, body[start:m.end()]))
    return out


def page_name(sid, first):
    return "index.html" if first else sid + ".html"


def rewrite(content, here, where):
    def fix(m):
        target = m.group(2)
        page = where.get(target)
        if page is None or page == here:
            return m.group(0)
        return '%s="%s#%s"' % (m.group(1), page, target)
    return re.sub(r'(href)="#([^"]+)"', fix, content)


def decorate(content):
    # heading links
    def anchor(m):
        return '%s<a class="anchor" href="#%s" aria-label="link to this section">#</a></h%s>' % (m.group(0)[:-5], m.group(1), m.group(2))
    content = SECTION.sub(anchor, content)
    # tables scroll inside themselves; the caption stays in view above
    content = re.sub(r"<table\b([^>]*)>\s*<caption>(.*?)</caption>",
                     r'<div class="table-caption">\2</div><div class="table-wrap"><table\1>', content, flags=re.S)
    content = re.sub(r"<table\b(?![^>]*>\s*</div>)", '<div class="table-wrap"><table', content)
    content = content.replace("</table>", "</table></div>")
    # short inline code (an option, a name) never breaks at its hyphens
    content = re.sub(r"<code>([^<]{1,24})</code>", r'<code class="nw">\1</code>', content)
    # figures keep a readable size: wide ones scroll on a narrow screen
    content = re.sub(r"<figure>\s*(<img\b[^>]*>)", r'<figure><div class="figure-wrap">\1</div>', content)
    return content


def search_entries(page, content):
    """One entry per section of levels 1 to 3: page, id, title, its own text."""
    marks = list(SECTION.finditer(content))
    entries = []
    for i, m in enumerate(marks):
        if int(m.group(2)) > 3:
            continue
        end = len(content)
        for n in marks[i + 1:]:
            if int(n.group(2)) <= 3:
                end = n.start()
                break
        text = content[m.end():end]
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
        text = re.sub(r"\s+", " ", strip_tags(text))
        entries.append({"p": page, "i": m.group(1), "t": strip_tags(m.group(4)), "x": text[:4000]})
    return entries


def js_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("</", "<\\/") + '"'


def main(src, outdir):
    text = open(src, encoding="utf-8").read()
    meta = dict(re.findall(r"<!--meta (\w+): (.*?)-->", text))
    body = text.split("<!--body-->", 1)[1].split("<!--/body-->", 1)[0]
    sections = top_sections(body)
    if not sections:
        sys.exit("book-split: no level-1 sections in " + src)
    pages = []
    for k, (sid, content) in enumerate(sections):
        m = SECTION.search(content)
        title = strip_tags(m.group(4)) if m else sid
        subs = [(s.group(1), strip_tags(s.group(4))) for s in SECTION.finditer(content) if s.group(2) == "2"]
        pages.append({"id": sid, "file": page_name(sid, k == 0), "title": title, "content": content, "subs": subs,
                      "numbered": "unnumbered" not in (m.group(3) if m else "")})
    where = {}
    for p in pages:
        for i in re.findall(r'\bid="([^"]+)"', p["content"]):
            where.setdefault(i, p["file"])
    index = []
    css = meta.get("css", "book.css")
    for k, p in enumerate(pages):
        content = rewrite(p["content"], p["file"], where)
        index.extend(search_entries(p["file"], content))
        content = decorate(content)
        nav = []
        for q in pages:
            cur = q is p
            nav.append('<li%s><a href="%s">%s</a>' % (' class="current-page"' if cur else "", q["file"] + ("" if cur else ""), html.escape(q["title"])))
            if cur and q["subs"]:
                nav.append("<ul>")
                for sid, st in q["subs"]:
                    nav.append('<li><a href="#%s">%s</a></li>' % (sid, html.escape(st)))
                nav.append("</ul>")
            nav.append("</li>")
        prev_link = next_link = ""
        if k > 0:
            q = pages[k - 1]
            prev_link = '<a class="prev" rel="prev" href="%s"><span>previous</span>%s</a>' % (q["file"], html.escape(q["title"]))
        if k + 1 < len(pages):
            q = pages[k + 1]
            next_link = '<a class="next" rel="next" href="%s"><span>next</span>%s</a>' % (q["file"], html.escape(q["title"]))
        cover = ""
        if k == 0:
            cover = ('<header class="cover"><h1 class="title">%s</h1><p class="subtitle">%s</p>'
                     '<p class="edition">version %s, built %s</p></header>' %
                     (html.escape(meta.get("title", "")), html.escape(meta.get("subtitle", "")),
                      html.escape(meta.get("version", "")), html.escape(meta.get("date", ""))))
            toc = ['<nav class="book-contents" aria-label="contents"><h2>Contents</h2><ol>']
            for q in pages[1:]:
                toc.append('<li><a href="%s">%s</a></li>' % (q["file"], html.escape(q["title"])))
            toc.append("</ol></nav>")
            content = content + "\n".join(toc)
        imgs = re.findall(r'<img [^>]*src="([^"]+)"', content)
        content = content.replace('src="%s/' % outdir.rstrip("/"), 'src="')
        doc = PAGE.format(
            title=html.escape(p["title"] + " · " + meta.get("title", "")),
            book=html.escape(meta.get("title", "")), css=css, nav="\n".join(nav), cover=cover,
            content=content, prev=prev_link, next=next_link,
            edition=html.escape("version %s, built %s" % (meta.get("version", ""), meta.get("date", ""))))
        with open(os.path.join(outdir, p["file"]), "w", encoding="utf-8") as f:
            f.write(doc)
        # the images this page shows, beside it (those built into OUTDIR are there already)
        for s in imgs:
            if s.startswith(("data:", "http:", "https:")) or s.startswith(outdir.rstrip("/") + "/"):
                continue
            dst = os.path.join(outdir, s)
            if not os.path.exists(s):
                sys.exit("book-split: missing image " + s)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(s, dst)
    with open(os.path.join(outdir, "search-index.js"), "w", encoding="utf-8") as f:
        f.write("/* generated by tools/book-split.py: the search index of the web book */\n")
        f.write("window.BOOK_INDEX = [\n")
        f.write(",\n".join("[%s,%s,%s,%s]" % (js_string(e["p"]), js_string(e["i"]), js_string(e["t"]), js_string(e["x"]))
                           for e in index))
        f.write("\n];\n")
    print("book: %s (%d pages, %d sections in the search index)" % (os.path.join(outdir, "index.html"), len(pages), len(index)))


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="{css}">
</head>
<body>
<header class="topbar">
<button class="menu" aria-label="contents" aria-expanded="false" aria-controls="sidebar">&#9776;</button>
<a class="book-title" href="index.html">{book}</a>
<div class="search"><input type="search" placeholder="Search the book" aria-label="search the book" autocomplete="off"><ol class="hits" hidden></ol></div>
</header>
<nav id="sidebar" class="sidebar" aria-label="chapters">
<ol>
{nav}
</ol>
<p class="edition">{edition}</p>
</nav>
<main>
{cover}
{content}
<nav class="pager" aria-label="previous and next">{prev}{next}</nav>
</main>
<script src="search-index.js"></script>
<script src="book.js"></script>
</body>
</html>
"""

if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: book-split.py ALL.HTML OUTDIR")
    main(sys.argv[1], sys.argv[2])

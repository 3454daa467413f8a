#!/usr/bin/env python3
"""book-layout.py CHROMIUM BOOKDIR SHOTDIR -- look at the web book in headless
Chromium as a reader would.

For every page at 400, 1100 and 1280 px: does the page scroll sideways (the
document wider than the window)? If so, which elements stick out (those not
inside a box that scrolls by itself)? Also: does the search find something
from file://, and does the menu open on a phone? Screenshots of every page
at 400 and 1280 px, and of chosen places (tables, figures, search, menu),
are kept in SHOTDIR for a person to look at.

Headless Chromium will not make a window narrower than 500 px, so each page
is loaded into an iframe of the width under test, inside a small wrapper
page (with --allow-file-access-from-files, so that the wrapper may look
inside). Exit 1 when a page overflows or a behaviour fails, 2 when Chromium
does not run."""
import glob
import html
import os
import re
import subprocess
import sys

WIDTHS = (400, 1100, 1280)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
         "--disable-extensions", "--mute-audio", "--no-first-run"]

WRAPPER = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; background: #888; }} iframe {{ border: 0; display: block; background: #fff; }}
</style></head><body>
<iframe id="f" src="{src}" width="{w}" height="{h}"></iframe>
<pre id="report">pending</pre>
<script>
var f = document.getElementById("f");
f.addEventListener("load", function () {{
  setTimeout(function () {{
    var out = [];
    try {{
      var d = f.contentDocument, win = f.contentWindow, W = d.documentElement.clientWidth;
      {action}
      setTimeout(function () {{
        var sw = d.documentElement.scrollWidth;
        out.push("width " + W + " scrollWidth " + sw);
        if (sw > W + 1) {{
          d.querySelectorAll("body *").forEach(function (e) {{
            var r = e.getBoundingClientRect();
            if (r.width === 0 || r.right <= W + 1) return;
            for (var p = e.parentElement; p && p !== d.body; p = p.parentElement) {{
              var o = win.getComputedStyle(p).overflowX;
              if (o === "auto" || o === "scroll" || o === "hidden") return;
              if (p.getBoundingClientRect().right > W + 1 && p !== e) return;  // report the outermost only
            }}
            out.push("overflow " + e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
                     (e.className && e.className.baseVal === undefined ? "." + String(e.className).split(" ").join(".") : "") +
                     " right=" + Math.round(r.right) + " " + (e.textContent || "").trim().slice(0, 50).replace(/\\s+/g, " "));
          }});
        }}
        {probe}
        document.getElementById("report").textContent = out.join("\\n");
      }}, 250);
    }} catch (e) {{
      document.getElementById("report").textContent = "error " + e;
    }}
  }}, 400);
}});
</script></body></html>
"""

SEARCH_ACTION = """var i = d.querySelector('.search input'); i.value = 'barrier'; i.dispatchEvent(new Event('input'));"""
SEARCH_PROBE = """out.push('search hits ' + d.querySelectorAll('.search .hits a').length);"""
MENU_ACTION = """d.querySelector('button.menu').click();"""
MENU_PROBE = """var sb = d.getElementById('sidebar').getBoundingClientRect(); out.push('menu left ' + Math.round(sb.left) + ' width ' + Math.round(sb.width));"""


def run(chrome, args, timeout=60):
    return subprocess.run([chrome] + FLAGS + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          timeout=timeout, text=True)


def wrapper(bookdir, name, src, w, h, action="", probe=""):
    path = os.path.join(bookdir, ".check-%s.html" % name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(WRAPPER.format(src=html.escape(src), w=w, h=h, action=action, probe=probe))
    return path


def report(chrome, path, w):
    r = run(chrome, ["--window-size=%d,900" % max(w + 20, 520), "--virtual-time-budget=8000",
                     "--dump-dom", "file://" + os.path.abspath(path)])
    m = re.search(r'<pre id="report">(.*?)</pre>', r.stdout, re.S)
    return html.unescape(m.group(1)).splitlines() if m else ["no report (Chromium did not load the page)"]


def shot(chrome, path, w, h, png):
    run(chrome, ["--window-size=%d,%d" % (max(w, 500), h), "--virtual-time-budget=8000",
                 "--screenshot=" + os.path.abspath(png), "file://" + os.path.abspath(path)])
    return os.path.exists(png)


def main(chrome, bookdir, shotdir):
    os.makedirs(shotdir, exist_ok=True)
    pages = sorted(os.path.basename(p) for p in glob.glob(os.path.join(bookdir, "*.html"))
                   if not os.path.basename(p).startswith("."))
    problems = []
    made = []
    try:
        for p in pages:
            for w in WIDTHS:
                wr = wrapper(bookdir, "layout", p, w, 900)
                lines = report(chrome, wr, w)
                if not lines or not lines[0].startswith("width"):
                    problems.append("%s at %d px: %s" % (p, w, " ".join(lines)[:200]))
                    continue
                for l in lines[1:]:
                    problems.append("%s at %d px: %s" % (p, w, l))
                if len(lines) == 1 and " scrollWidth " in lines[0]:
                    ww, sw = [int(x) for x in re.findall(r"\d+", lines[0])[:2]]
                    if sw > ww + 1:
                        problems.append("%s at %d px: the page scrolls sideways (%d > %d)" % (p, w, sw, ww))
            # what a person looks at: the top of every page on a phone and a desktop
            for w, h in ((400, 860), (1280, 900)):
                wr = wrapper(bookdir, "shot", p, w, h)
                png = os.path.join(shotdir, "%s-%d.png" % (p[:-5], w))
                if shot(chrome, wr, w, h, png):
                    made.append(png)
        # chosen places, on a phone and at 1100 px
        places = [("ch-gemm.html#tbl-gemm-h200", "gemm-table"), ("ch-gemm.html#fig-gemm-h200", "gemm-figure"),
                  ("ch-scan.html#fig-blelloch", "blelloch"), ("ch-scan.html#tbl-scan-h200", "scan-table"),
                  ("app-errors.html", "errors"), ("ch-hello.html#ex-01-1", "exercise"),
                  ("ch-vectors.html#tbl-sweep-h200", "sweep-table")]
        for src, name in places:
            for w in (400, 1100):
                wr = wrapper(bookdir, "shot", src, w, 860)
                png = os.path.join(shotdir, "place-%s-%d.png" % (name, w))
                if shot(chrome, wr, w, 860, png):
                    made.append(png)
        # behaviour: search from file://, and the menu on a phone
        wr = wrapper(bookdir, "search", "ch-local.html", 400, 860, SEARCH_ACTION, SEARCH_PROBE)
        lines = report(chrome, wr, 400)
        hits = [l for l in lines if l.startswith("search hits")]
        if not hits or hits[0] == "search hits 0":
            problems.append("search for 'barrier' found nothing from file:// (%s)" % " ".join(lines)[:120])
        shot(chrome, wr, 400, 860, os.path.join(shotdir, "behaviour-search-400.png"))
        made.append(os.path.join(shotdir, "behaviour-search-400.png"))
        wr = wrapper(bookdir, "menu", "ch-scan.html", 400, 860, MENU_ACTION, MENU_PROBE)
        lines = report(chrome, wr, 400)
        menu = [l for l in lines if l.startswith("menu left")]
        if not menu or int(re.findall(r"-?\d+", menu[0])[0]) < -5:
            problems.append("the menu does not open on a phone (%s)" % " ".join(lines)[:120])
        shot(chrome, wr, 400, 860, os.path.join(shotdir, "behaviour-menu-400.png"))
        made.append(os.path.join(shotdir, "behaviour-menu-400.png"))
    finally:
        for f in glob.glob(os.path.join(bookdir, ".check-*.html")):
            os.remove(f)
    for p in problems:
        print("check-book:", p)
    print("check-book: %d pages at %s px, %d screenshots in %s, %d problems"
          % (len(pages), "/".join(map(str, WIDTHS)), len(made), shotdir, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: book-layout.py CHROMIUM BOOKDIR SHOTDIR")
    sys.exit(main(*sys.argv[1:]))

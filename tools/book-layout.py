#!/usr/bin/env python3
"""book-layout.py CHROMIUM BOOKDIR SHOTDIR -- look at the web book in headless
Chromium as a reader would.

For every page at 400, 1100 and 1280 px: does the page scroll sideways (the
document wider than the window)? If so, which elements stick out (those not
inside a box that scrolls by itself)? At 1280 px: does any code listing
scroll sideways inside its box (program output may; code may not)? Also: does the search find something
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
body {{ margin: 0; background: #777; font: 12px sans-serif; }}
.cell {{ display: inline-block; vertical-align: top; margin: 0 10px 10px 0; }}
.cell p {{ margin: 2px 0; color: #fff; }}
iframe {{ border: 0; display: block; background: #fff; }}
</style></head><body>
{frames}
<pre id="report">pending</pre>
<script>
function check(f) {{
  var out = [], d = f.contentDocument, win = f.contentWindow;
  var tag = f.getAttribute("data-page") + " at " + f.getAttribute("width") + " px";
  try {{
    var W = d.documentElement.clientWidth, sw = d.documentElement.scrollWidth;
    out.push(tag + ": width " + W + " scrollWidth " + sw);
    if (sw > W + 1) {{
      d.querySelectorAll("body *").forEach(function (e) {{
        var r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= W + 1) return;
        for (var p = e.parentElement; p && p !== d.body; p = p.parentElement) {{
          var o = win.getComputedStyle(p).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden") return;
          if (p.getBoundingClientRect().right > W + 1) return;
        }}
        out.push(tag + ": overflow " + e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
                 " right=" + Math.round(r.right) + " " + (e.textContent || "").trim().slice(0, 50).replace(/\\s+/g, " "));
      }});
    }}
    if (+f.getAttribute("width") >= 1280) {{ // code listings fit the column on a desktop
      d.querySelectorAll("pre.sourceCode").forEach(function (p) {{
        if (/\\b(text|bash)\\b/.test(p.className) || p.scrollWidth <= p.clientWidth + 1) return;
        var longest = (p.textContent || "").split("\\n").reduce(function (a, b) {{ return b.length > a.length ? b : a; }}, "");
        out.push(tag + ": a listing scrolls sideways (" + p.scrollWidth + " > " + p.clientWidth + " px, " +
                 longest.length + " characters): " + longest.trim().slice(0, 60));
      }});
    }}
    var probe = f.getAttribute("data-probe");
    if (probe === "search") out.push(tag + ": search hits " + d.querySelectorAll(".search .hits a").length);
    if (probe === "menu") {{
      var sb = d.getElementById("sidebar").getBoundingClientRect();
      out.push(tag + ": menu left " + Math.round(sb.left) + " width " + Math.round(sb.width));
    }}
  }} catch (e) {{ out.push(tag + ": error " + e); }}
  return out;
}}
function act(f) {{
  var d = f.contentDocument, a = f.getAttribute("data-probe");
  var st = d.createElement("style"); st.textContent = "* {{ transition: none !important; }}"; d.head.appendChild(st);
  if (a === "search") {{ var i = d.querySelector(".search input"); i.value = "barrier"; i.dispatchEvent(new Event("input")); }}
  if (a === "menu") d.querySelector("button.menu").click();
}}
window.addEventListener("load", function () {{
  var fs = Array.prototype.slice.call(document.querySelectorAll("iframe"));
  setTimeout(function () {{
    fs.forEach(function (f) {{ try {{ act(f); }} catch (e) {{}} }});
    setTimeout(function () {{
      var out = [];
      fs.forEach(function (f) {{ out = out.concat(check(f)); }});
      document.getElementById("report").textContent = out.join("\\n");
    }}, 300);
  }}, 500);
}});
</script></body></html>
"""


def frame(src, w, h, probe=""):
    return ('<div class="cell"><p>%s at %d px</p><iframe src="%s" data-page="%s" data-probe="%s" width="%d" height="%d">'
            '</iframe></div>' % (html.escape(src), w, html.escape(src), html.escape(src), probe, w, h))


def run(chrome, args, timeout=300):
    return subprocess.run([chrome] + FLAGS + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          timeout=timeout, text=True)


def wrapper(bookdir, name, frames):
    path = os.path.join(bookdir, ".check-%s.html" % name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(WRAPPER.format(frames="\n".join(frames)))
    return path


def report(chrome, path):
    r = run(chrome, ["--window-size=1400,900", "--virtual-time-budget=30000", "--dump-dom",
                     "file://" + os.path.abspath(path)])
    m = re.search(r'<pre id="report">(.*?)</pre>', r.stdout, re.S)
    return html.unescape(m.group(1)).splitlines() if m else ["no report (Chromium did not load the pages)"]


def shot(chrome, path, w, h, png):
    run(chrome, ["--window-size=%d,%d" % (w, h), "--virtual-time-budget=15000",
                 "--screenshot=" + os.path.abspath(png), "file://" + os.path.abspath(path)])
    return os.path.exists(png)


def main(chrome, bookdir, shotdir, layout_only=False):
    os.makedirs(shotdir, exist_ok=True)
    pages = sorted(os.path.basename(p) for p in glob.glob(os.path.join(bookdir, "*.html"))
                   if not os.path.basename(p).startswith("."))
    problems, made = [], []
    try:
        # every page at every width, in one Chromium run
        wr = wrapper(bookdir, "layout", [frame(p, w, 900) for p in pages for w in WIDTHS])
        lines = report(chrome, wr)
        seen = set()
        for l in lines:
            m = re.match(r"(\S+) at (\d+) px: (.*)$", l)
            if not m:
                problems.append(l)
                continue
            seen.add((m.group(1), int(m.group(2))))
            what = m.group(3)
            if what.startswith("width"):
                ww, sw = [int(x) for x in re.findall(r"\d+", what)[:2]]
                if sw > ww + 1:
                    problems.append("%s at %s px: the page scrolls sideways (%d > %d)" % (m.group(1), m.group(2), sw, ww))
            else:
                problems.append(l)
        for p in pages:
            for w in WIDTHS:
                if (p, w) not in seen:
                    problems.append("%s at %d px: not checked (did it load?)" % (p, w))
        if layout_only:
            return finish(problems, pages, made, shotdir)
        # behaviour: search from file:// and the menu on a phone
        wr = wrapper(bookdir, "behaviour", [frame("ch-local.html", 400, 860, "search"), frame("ch-scan.html", 400, 860, "menu")])
        lines = report(chrome, wr)
        hits = [l for l in lines if "search hits" in l]
        if not hits or hits[0].endswith("search hits 0"):
            problems.append("search for 'barrier' found nothing from file:// (%s)" % " ".join(lines)[:160])
        menu = [l for l in lines if "menu left" in l]
        if not menu or int(re.findall(r"menu left (-?\d+)", menu[0])[0]) < -5:
            problems.append("the menu does not open on a phone (%s)" % " ".join(menu)[:160])
        png = os.path.join(shotdir, "behaviour-search-menu-400.png")
        if shot(chrome, wr, 860, 900, png):
            made.append(png)
        # what a person looks at: every page on a phone and on a desktop, side by side
        for p in pages:
            wr = wrapper(bookdir, "shot", [frame(p, 400, 860), frame(p, 1280, 860)])
            png = os.path.join(shotdir, "page-%s.png" % p[:-5])
            if shot(chrome, wr, 1710, 890, png):
                made.append(png)
        # chosen places: tables, figures, the error table, an exercise
        for src, name in PLACES:
            wr = wrapper(bookdir, "shot", [frame(src, 400, 860), frame(src, 1100, 860)])
            png = os.path.join(shotdir, "place-%s.png" % name)
            if shot(chrome, wr, 1530, 890, png):
                made.append(png)
    finally:
        for f in glob.glob(os.path.join(bookdir, ".check-*.html")):
            os.remove(f)
    return finish(problems, pages, made, shotdir)


def finish(problems, pages, made, shotdir):
    for p in problems:
        print("check-book:", p)
    print("check-book: %d pages at %s px, %d screenshots in %s, %d problems"
          % (len(pages), "/".join(map(str, WIDTHS)), len(made), shotdir, len(problems)))
    return 1 if problems else 0


PLACES = [("ch-gemm.html#tbl-gemm-h200", "gemm-table"), ("ch-gemm.html#fig-gemm-h200", "gemm-figure"),
          ("ch-scan.html#fig-blelloch", "blelloch"), ("ch-scan.html#tbl-scan-h200", "scan-table"),
          ("app-errors.html", "errors"), ("ch-hello.html#ex-01-1", "exercise"),
          ("ch-vectors.html#tbl-sweep-h200", "sweep-table")]


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--layout-only"]
    if len(args) != 3:
        sys.exit("usage: book-layout.py [--layout-only] CHROMIUM BOOKDIR SHOTDIR")
    sys.exit(main(*args, layout_only="--layout-only" in sys.argv))

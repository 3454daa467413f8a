/* book.js -- the web book's behaviour: the menu that folds away on a phone,
 * the marker of where you are in the sidebar, copy buttons on code, and the
 * search over the whole book (its index is search-index.js, loaded as a
 * script so that it works from file:// too). No library, no network. */
(function () {
  "use strict";
  var body = document.body;

  /* The menu: a button on narrow screens, always open on wide ones. */
  var menu = document.querySelector("button.menu");
  var sidebar = document.getElementById("sidebar");
  function setMenu(open) {
    body.classList.toggle("nav-open", open);
    menu.setAttribute("aria-expanded", open ? "true" : "false");
  }
  menu.addEventListener("click", function () { setMenu(!body.classList.contains("nav-open")); });
  sidebar.addEventListener("click", function (e) {
    if (e.target.closest("a")) setMenu(false);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { setMenu(false); hideHits(); }
  });

  /* Where you are: the sidebar marks the section whose heading was passed last. */
  var links = {};
  sidebar.querySelectorAll(".current-page ul a").forEach(function (a) {
    links[a.getAttribute("href").slice(1)] = a;
  });
  var heads = [];
  Object.keys(links).forEach(function (id) {
    var s = document.getElementById(id);
    if (s) heads.push(s);
  });
  function mark() {
    var current = null;
    for (var i = 0; i < heads.length; i++) {
      if (heads[i].getBoundingClientRect().top < 120) current = heads[i];
    }
    Object.keys(links).forEach(function (id) { links[id].classList.remove("here"); });
    if (current) {
      var a = links[current.id];
      a.classList.add("here");
      if (window.innerWidth >= 1100 && a.scrollIntoView) {
        var r = a.getBoundingClientRect();
        if (r.top < 60 || r.bottom > window.innerHeight) a.scrollIntoView({ block: "nearest" });
      }
    }
  }
  var pending = false;
  window.addEventListener("scroll", function () {
    if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; mark(); }); }
  }, { passive: true });
  mark();

  /* Copy buttons on every listing and output. */
  document.querySelectorAll("main pre").forEach(function (pre) {
    var b = document.createElement("button");
    b.className = "copy";
    b.type = "button";
    b.textContent = "copy";
    b.setAttribute("aria-label", "copy this code");
    b.addEventListener("click", function () {
      var text = pre.innerText;
      function done(ok) {
        b.textContent = ok ? "copied" : "press Ctrl+C";
        setTimeout(function () { b.textContent = "copy"; }, 1500);
      }
      function fallback() {
        var r = document.createRange();
        r.selectNodeContents(pre.querySelector("code") || pre);
        var sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(r);
        var ok = false;
        try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
        done(ok);
      }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
      } else {
        fallback();
      }
    });
    var wrap = pre.parentNode;
    if (!wrap.classList.contains("sourceCode")) {
      wrap = document.createElement("div");
      pre.parentNode.insertBefore(wrap, pre);
      wrap.appendChild(pre);
    }
    wrap.classList.add("has-copy");
    wrap.insertBefore(b, wrap.firstChild);
  });

  /* Search: every word must occur; a hit in a title counts most. */
  var input = document.querySelector(".search input");
  var hits = document.querySelector(".search .hits");
  var index = window.BOOK_INDEX || [];
  function hideHits() { hits.hidden = true; }
  function escapeHtml(s) {
    return s.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }
  function search(q) {
    var words = q.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
    if (!words.length) return [];
    var found = [];
    index.forEach(function (e) {
      var t = e[2].toLowerCase(), x = e[3].toLowerCase(), score = 0;
      for (var i = 0; i < words.length; i++) {
        var inT = t.indexOf(words[i]) >= 0, inX = x.indexOf(words[i]) >= 0;
        if (!inT && !inX) return;
        score += (inT ? 10 : 0) + (inX ? 1 : 0);
      }
      found.push([score, e]);
    });
    found.sort(function (a, b) { return b[0] - a[0]; });
    return found.slice(0, 12).map(function (f) { return f[1]; });
  }
  function excerpt(text, word) {
    var at = text.toLowerCase().indexOf(word);
    if (at < 0) return escapeHtml(text.slice(0, 120));
    var from = Math.max(0, at - 50);
    var s = (from > 0 ? "…" : "") + text.slice(from, at + 90) + "…";
    var re = new RegExp("(" + word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + ")", "ig");
    return escapeHtml(s).replace(re, "<mark>$1</mark>");
  }
  input.addEventListener("input", function () {
    var q = input.value.trim();
    var res = search(q);
    if (!q) { hideHits(); return; }
    var first = q.toLowerCase().split(/\s+/)[0];
    hits.innerHTML = res.length ? res.map(function (e) {
      return '<li><a href="' + e[0] + "#" + e[1] + '"><b>' + escapeHtml(e[2]) + "</b><span>" + excerpt(e[3], first) + "</span></a></li>";
    }).join("") : "<li class=\"none\">nothing found</li>";
    hits.hidden = false;
  });
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter") {
      var a = hits.querySelector("a");
      if (a) window.location.href = a.href;
    }
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest(".search")) hideHits();
  });
})();

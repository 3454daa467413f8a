-- numbering.lua -- what makes the book readable rather than a dump, after
-- snippets.lua and tables.lua have done their work:
--
--  * figures and tables are numbered by chapter ("Figure 4.2", "Table C.1");
--    a link whose text is `@` to a figure's or table's id becomes its label:
--    `[@](#fig-scan-h200)` reads "Figure 4.1";
--  * appendices get letters in order: "Appendix: glossary" becomes
--    "Appendix C: glossary";
--  * every included listing gets a caption with its file and line range;
--  * a captured output longer than FOLD lines (or marked `.fold`) folds away:
--    into <details> on the web; in print (BOOK_TARGET=print) a sentence names
--    the file instead (raw logs are web-only);
--  * a level-1 header with the class .chapter-zero is chapter 0 (the
--    lesson-less chapter before chapter 1), so lesson NN stays chapter NN.
-- A figure or table without a caption stops the build.

local target = os.getenv("BOOK_TARGET") or "web"
local FOLD = 24

local function fail(msg) error("numbering.lua: " .. msg, 0) end

local chapter = nil       -- "4" or "C"
local app_letter = 0
local counts = {}
local labels = {}         -- id -> "Figure 4.2"
local last_table           -- print: the folded outputs, for the appendix

local function next_label(kind)
  local key = kind .. (chapter or "0")
  counts[key] = (counts[key] or 0) + 1
  return kind .. " " .. (chapter and (chapter .. ".") or "") .. counts[key]
end

local function prefix_inlines(label, inlines)
  local out = pandoc.List({ pandoc.Strong({ pandoc.Str(label .. ":") }), pandoc.Space() })
  out:extend(inlines)
  return out
end

local function caption_para(el)
  local src, lines = el.attributes["source"], el.attributes["lines"]
  local text
  if src:match("^results/") then
    text = { pandoc.Str("Captured output:"), pandoc.Space(), pandoc.Code(src) }
    if not lines:match("^1–") then
      text[#text + 1] = pandoc.Str(", lines " .. lines)
    end
  else
    text = { pandoc.Code(src), pandoc.Str(", " .. (lines:match("–") and "lines " or "line ") .. lines) }
    if el.attributes["macros"] then
      text[#text + 1] = pandoc.Str("; uses macros defined elsewhere in the file: " .. el.attributes["macros"])
    end
  end
  return pandoc.Div({ pandoc.Plain(text) }, pandoc.Attr("", { "listing-caption" }))
end

local function count_lines(s)
  local n = 1
  for _ in s:gmatch("\n") do n = n + 1 end
  return n
end

-- One top-level block, with its figures, tables and listings numbered.
local function number_block(blk)
  return pandoc.walk_block(pandoc.Div({ blk }), {
    Para = function(p)
      if #p.content == 1 and p.content[1].t == "Image" then
        local img = p.content[1]
        if #img.caption == 0 then fail("a figure without a caption: " .. img.src) end
        local label = next_label("Figure")
        if img.identifier ~= "" then labels[img.identifier] = label end
        img.caption = prefix_inlines(label, img.caption)
        if not img.title:match("^fig:") then img.title = "fig:" .. img.title end
        return pandoc.Para({ img })
      end
    end,
    Table = function(t)
      local long = t.caption.long
      if #long == 0 then
        fail("a table without a caption in chapter " .. (chapter or "?") .. " (" ..
             pandoc.utils.stringify(pandoc.Div(pandoc.utils.to_simple_table(t).headers[1] or {})):sub(1, 60) .. "): add a line 'Table: ...' under it")
      end
      local label = next_label("Table")
      last_table = label
      if t.identifier and t.identifier ~= "" then labels[t.identifier] = label end
      local first = long[1]
      first.content = prefix_inlines(label, first.content)
      t.caption.long = long
      return t
    end,
    Div = function(d)
      if d.identifier ~= "" and #d.content >= 1 and d.content[1].t == "Table" then
        -- the id of a table's Div names the table
        labels[d.identifier] = last_table
      end
      return nil
    end,
  })
end

local function listing(el)
  if not el.attributes["source"] then return nil end
  local cap = caption_para(el)
  local src = el.attributes["source"]
  el.attributes["source"] = nil
  el.attributes["lines"] = nil
  el.attributes["macros"] = nil
  local keep = el.attributes["keep"]
  el.attributes["keep"] = nil
  local n = count_lines(el.text)
  local fold = el.classes:includes("fold") or (src:match("^results/") and n > FOLD and not el.classes:includes("nofold"))
  if not fold then
    return { pandoc.Div({ cap, el }, pandoc.Attr("", { "listing" })) }
  end
  -- keep="PATTERN || PATTERN || 1-16": the lines the text talks about stay
  -- in view (in print, and above the folded whole on the web): the lines
  -- that match a Lua pattern, or a range of line numbers; "…" where lines
  -- are left out. A pattern that matches no line, or a range past the end,
  -- stops the build.
  local excerpt = {}
  if keep then
    local lines = {}
    for line in (el.text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
    local hit = {}
    for pat in (keep .. "||"):gmatch("(.-)||") do
      pat = pat:gsub("^%s+", ""):gsub("%s+$", "")
      local r1, r2 = pat:match("^(%d+)%-(%d+)$")
      if not r1 and pat:match("^%d+$") then r1, r2 = pat, pat end
      if r1 then -- a range of line numbers of the output
        r1, r2 = tonumber(r1), tonumber(r2)
        if r1 < 1 or r2 > #lines or r1 > r2 then fail("keep: " .. src .. " has no lines " .. pat .. " (it has " .. #lines .. ")") end
        for i = r1, r2 do hit[i] = true end
      elseif pat ~= "" then
        local any = false
        for i, line in ipairs(lines) do
          if line:find(pat) then hit[i] = true; any = true end
        end
        if not any then fail("keep: no line of " .. src .. " matches '" .. pat .. "'") end
      end
    end
    local shown, last = {}, 0
    for i, line in ipairs(lines) do
      if hit[i] then
        if i == last + 2 then shown[#shown + 1] = lines[i - 1] -- one line left out: show it instead of "…"
        elseif i > last + 2 then shown[#shown + 1] = "…" end
        shown[#shown + 1] = line
        last = i
      end
    end
    if last < #lines then shown[#shown + 1] = "…" end
    local part = pandoc.CodeBlock(table.concat(shown, "\n"), pandoc.Attr("", el.classes))
    local capx = pandoc.Div({ pandoc.Plain({ pandoc.Str("The lines discussed, from"), pandoc.Space(), pandoc.Code(src),
      pandoc.Str(" (" .. n .. " lines in all; “…”: lines left out)") }) }, pandoc.Attr("", { "listing-caption" }))
    excerpt = { pandoc.Div({ capx, part }, pandoc.Attr("", { "listing" })) }
  end
  if target == "print" then
    -- raw logs stay out of the printed edition: the web edition folds them
    excerpt[#excerpt + 1] = pandoc.Para({
      pandoc.Str("The full output ("), pandoc.Str(n .. " lines) is in the file "), pandoc.Code(src),
      pandoc.Str(" and, folded, in the web edition.") })
    return excerpt
  end
  excerpt[#excerpt + 1] = pandoc.RawBlock("html", '<details class="log"><summary>Captured output: <code>' .. src ..
      "</code> (" .. n .. " lines)</summary>")
  excerpt[#excerpt + 1] = el
  excerpt[#excerpt + 1] = pandoc.RawBlock("html", "</details>")
  return excerpt
end

function Pandoc(doc)
  local meta = doc.meta
  local out = pandoc.List()
  for _, blk in ipairs(doc.blocks) do
    if blk.t == "Header" and blk.level == 1 then
      if blk.identifier:match("^app%-") then
        app_letter = app_letter + 1
        chapter = string.char(64 + app_letter)
        -- "Appendix: glossary" -> "Appendix C: glossary"
        local c = blk.content
        if c[1] and c[1].t == "Str" and c[1].text == "Appendix:" then
          c[1] = pandoc.Str("Appendix " .. chapter .. ":")
        end
        blk.content = c
      elseif blk.classes:includes("chapter-zero") then
        -- the chapter before chapter 1: its own number 0 (Pandoc numbers its
        -- sections 0.1, 0.2, ... already)
        chapter = "0"
        local c = pandoc.List({ pandoc.Span({ pandoc.Str("0") }, pandoc.Attr("", { "header-section-number" })), pandoc.Space() })
        c:extend(blk.content)
        blk.content = c
      elseif blk.classes:includes("unnumbered") then
        chapter = nil
      else
        chapter = tostring(((chapter and tonumber(chapter)) or 0) + 1)
      end
      out:insert(blk)
    else
      blk = number_block(blk)
      -- listings: captions, folding (top level and inside divs)
      local res = pandoc.walk_block(blk, { CodeBlock = function(el)
        local r = listing(el)
        if r then return pandoc.Div(r, pandoc.Attr("", { "unwrap" })) end
      end })
      for _, b in ipairs(res.content) do out:insert(b) end
    end
  end
  -- links written as [@](#id) become the label of what they point at
  local all = pandoc.walk_block(pandoc.Div(out), {
    -- **01-1** in the text links to exercise 01-1's statement
    Strong = function(s)
      if #s.content == 1 and s.content[1].t == "Str" and s.content[1].text:match("^%d%d%-%d$") then
        return pandoc.Link({ s }, "#ex-" .. s.content[1].text)
      end
    end,
    Link = function(ln)
      if #ln.content == 1 and ln.content[1].t == "Str" and ln.content[1].text == "@" then
        local id = ln.target:match("^#(.+)$")
        local label = id and labels[id]
        if not label then fail("a reference to an unknown figure or table: " .. ln.target) end
        ln.content = { pandoc.Str(label) }
        return ln
      end
    end,
    Div = function(d)
      if d.classes:includes("unwrap") then return d.content end
    end,
    -- program output on the web wraps inside its box, each line of it a
    -- span so that a wrapped line's continuation is indented (book.css)
    CodeBlock = function(el)
      if target ~= "web" or not el.classes:includes("text") then return nil end
      local function esc(t) return (t:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;")) end
      local lines = {}
      for line in (el.text .. "\n"):gmatch("(.-)\n") do
        lines[#lines + 1] = '<span class="ol">' .. esc(line) .. "</span>"
      end
      local id = el.identifier ~= "" and (' id="' .. el.identifier .. '"') or ""
      return pandoc.RawBlock("html", "<pre" .. id .. ' class="text wrap"><code>' ..
        table.concat(lines, "\n") .. "</code></pre>")
    end,
  })
  return pandoc.Pandoc(all.content, meta)
end

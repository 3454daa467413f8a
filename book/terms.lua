-- terms.lua -- every term of the glossary is taught before it is used, and
-- its first use in each chapter links to where it is taught. Runs last.
--
-- The glossary (the table in the section #app-glossary) is the list: its
-- first column names a term and its other forms ("warp, warps"), its last
-- column links to where the book defines it: `[§](#term-warp)` (a span
-- `[warp]{#term-warp .def}` in a chapter) or `[§](#some-section)`. This
-- filter
--
--  * writes the section number into those links: "§0.4";
--  * in every chapter (chapter 0 and the numbered ones), finds the words of
--    each term in the prose (not in code, links or headings) and stops the
--    build when a chapter uses a term that only a later chapter defines,
--    naming the chapter, the term and the words around it;
--  * links the first use of each term in every other chapter to its
--    definition.
-- Forms in the glossary's first column that are written in `code` are not
-- looked for; a form is matched as whole words, case-insensitively, with an
-- optional plural "s"/"es" on its last word.

local function fail(msg) error("terms.lua: " .. msg, 0) end

local stringify = pandoc.utils.stringify

-- Section numbers as Pandoc's --number-sections writes them (chapter 0 for
-- the header with class .chapter-zero), and for every id: which chapter.
local function number_sections(blocks)
  local num, chapter_of, chapters = {}, {}, {}
  local ctr = { 0, 0, 0, 0, 0, 0 }
  local chap = 0          -- index into chapters (0 = before any)
  local zero = false
  local current   -- the number of the last numbered section
  local function note(id)
    if id and id ~= "" then
      chapter_of[id] = chap
      if current and not num[id] then num[id] = current end
    end
  end
  local function note_ids(b)
    pandoc.walk_block(pandoc.Div({ b }), {
      Span = function(s) note(s.identifier) end,
      Div = function(d) note(d.identifier) end,
      Table = function(t) note(t.identifier) end,
    })
  end
  for _, b in ipairs(blocks) do
    if b.t == "Header" then
      local lvl = b.level
      if lvl == 1 then
        chap = chap + 1
        local kind
        if b.classes:includes("chapter-zero") then
          kind = "chapter"; zero = true; ctr[1] = -1
        elseif b.identifier:match("^app%-") or b.classes:includes("unnumbered") then
          kind = "other"
        else
          kind = "chapter"
        end
        chapters[chap] = { id = b.identifier, kind = kind, title = stringify(b.content) }
      end
      if not b.classes:includes("unnumbered") or (lvl == 1 and b.classes:includes("chapter-zero")) then
        ctr[lvl] = ctr[lvl] + 1
        for i = lvl + 1, 6 do ctr[i] = 0 end
        local parts = {}
        for i = 1, lvl do parts[#parts + 1] = tostring(ctr[i]) end
        if chapters[chap] and chapters[chap].kind == "chapter" then
          num[b.identifier] = table.concat(parts, ".")
          current = num[b.identifier]
        else
          current = nil
        end
      elseif lvl == 1 then
        current = nil
      end
      chapter_of[b.identifier] = chap
    else
      note_ids(b)
    end
  end
  return num, chapter_of, chapters
end

-- the words of a term form, lowercased
local function words(s)
  local w = {}
  for x in s:lower():gmatch("%S+") do w[#w + 1] = x end
  return w
end

-- a Str's text split into leading punctuation, the word, trailing punctuation
local function split_word(t)
  local pre, core, post = t:match("^([%(%[\"'“‘]*)(.-)([%.,;:%)%]!%?\"'”’]*)$")
  if not core then return "", t, "" end
  -- a possessive "'s" belongs to the punctuation
  local c2, poss = core:match("^(.-)(['’]s)$")
  if c2 and c2 ~= "" then core, post = c2, poss .. post end
  return pre, core, post
end

local function word_matches(core, w, last)
  core = core:lower()
  if core == w then return true end
  if last and (core == w .. "s" or core == w .. "es") then return true end
  return false
end

function Pandoc(doc)
  local blocks = doc.blocks
  local num, chapter_of, chapters = number_sections(blocks)

  -- the glossary: forms -> { id = definition id, chap = defining chapter }
  local terms, by_first = {}, {}
  local glossary_chap
  for i, c in ipairs(chapters) do if c.id == "app-glossary" then glossary_chap = i end end
  local function read_glossary(t)
    local rows = {}
    for _, body in ipairs(t.bodies) do
      for _, r in ipairs(body.body) do rows[#rows + 1] = r end
    end
    for _, r in ipairs(rows) do
      local cells = r.cells
      local first, last = cells[1].contents, cells[#cells].contents
      local target
      pandoc.walk_block(pandoc.Div(last), { Link = function(l) target = l.target:match("^#(.+)$") end })
      if not target then
        fail("the glossary row '" .. stringify(first) .. "' has no link to its definition in its last column")
      end
      local chap = chapter_of[target]
      if not chap then fail("the glossary row '" .. stringify(first) .. "' links to #" .. target .. ", which is nowhere") end
      -- the forms: the first cell's plain text (not code), split at commas
      local plain = {}
      pandoc.walk_block(pandoc.Div(first), {
        Str = function(s) plain[#plain + 1] = s.text end,
        Space = function() plain[#plain + 1] = " " end,
        Code = function() plain[#plain + 1] = "," end,
      })
      local text = table.concat(plain)
      for form in text:gmatch("[^,]+") do
        form = form:gsub("^%s+", ""):gsub("%s+$", "")
        if form ~= "" then
          local w = words(form)
          local term = { form = form, w = w, id = target, chap = chap, name = stringify(first) }
          terms[#terms + 1] = term
          by_first[w[1]] = by_first[w[1]] or {}
          table.insert(by_first[w[1]], term)
        end
      end
    end
  end
  -- find the glossary table; fill in the § numbers of every [§](#id) link
  local errors = {}
  local in_chap = 0
  for _, b in ipairs(blocks) do
    if b.t == "Header" and b.level == 1 then in_chap = in_chap + 1 end
    if in_chap == glossary_chap then
      pandoc.walk_block(pandoc.Div({ b }), { Table = function(t) read_glossary(t) end })
    end
  end
  -- longer forms first, so "local memory" wins over "local"
  for _, list in pairs(by_first) do
    table.sort(list, function(a, b) return #a.w > #b.w end)
  end

  -- Match term forms in a list of inlines; returns the new list. `ctx` has
  -- chap (index), kind, seen (term name -> true) for this chapter.
  local function scan(inl, ctx)
    local out = pandoc.List()
    local i = 1
    local n = #inl
    while i <= n do
      local el = inl[i]
      local done = false
      if el.t == "Str" then
        local pre, core, post = split_word(el.text)
        local cands = by_first[core:lower()] or by_first[core:lower():gsub("e?s$", "")]
        if cands then
          for _, term in ipairs(cands) do
            -- try to match term.w at inl[i], inl[i+2], ... (Str Space Str)
            local j, ok, k = i, true, 1
            local lastpost, lastpre = post, pre
            while k <= #term.w do
              local e = inl[j]
              if not e or e.t ~= "Str" then ok = false; break end
              local p1, c1, p2 = split_word(e.text)
              if k > 1 and p1 ~= "" then ok = false; break end
              if k < #term.w and p2 ~= "" then ok = false; break end
              if not word_matches(c1, term.w[k], k == #term.w) then ok = false; break end
              lastpost = p2
              if k < #term.w then
                local sp = inl[j + 1]
                if not sp or (sp.t ~= "Space" and sp.t ~= "SoftBreak") then ok = false; break end
                j = j + 2
              end
              k = k + 1
            end
            if ok then
              -- inl[i..j] is a use of term
              if term.chap > ctx.chap then
                local around = {}
                for q = math.max(1, i - 8), math.min(n, j + 8) do around[#around + 1] = stringify(inl[q]) end
                local def = chapters[term.chap]
                local defname = num[def.id] and ("chapter " .. num[def.id]:match("^[^.]+") .. " (" .. def.title .. ")") or def.title
                errors[#errors + 1] = string.format("%s uses '%s' (\"…%s…\"), which only %s teaches (#%s)",
                  ctx.name, term.form, table.concat(around), defname, term.id)
              end
              if not ctx.seen[term.name] and term.chap ~= ctx.chap and ctx.link then
                ctx.seen[term.name] = true
                local words_in = pandoc.List()
                for q = i, j do words_in:insert(inl[q]:clone()) end
                local first = words_in[1]
                local p1, c1 = split_word(first.text)
                words_in[1] = pandoc.Str(first.text:sub(#p1 + 1))
                local lastw = words_in[#words_in]
                local _, _, p2 = split_word(lastw.text)
                if p2 ~= "" then words_in[#words_in] = pandoc.Str(lastw.text:sub(1, #lastw.text - #p2)) end
                if p1 ~= "" then out:insert(pandoc.Str(p1)) end
                out:insert(pandoc.Link(words_in, "#" .. term.id, "", pandoc.Attr("", { "term" })))
                if p2 ~= "" then out:insert(pandoc.Str(p2)) end
              else
                for q = i, j do out:insert(inl[q]) end
                ctx.seen[term.name] = true
              end
              i = j + 1
              done = true
              break
            end
          end
        end
      elseif el.t == "Emph" or el.t == "Strong" or el.t == "Quoted" or el.t == "SmallCaps" then
        el.content = scan(el.content, ctx)
      elseif el.t == "Span" then
        if el.classes:includes("def") then
          -- a definition: the chapter has now taught this term
          for _, term in ipairs(terms) do
            if term.id == el.identifier then ctx.seen[term.name] = true end
          end
        else
          el.content = scan(el.content, ctx)
        end
      end
      if not done then
        out:insert(el)
        i = i + 1
      end
    end
    return out
  end

  local out = pandoc.List()
  local chap = 0
  local ctx
  for _, b in ipairs(blocks) do
    if b.t == "Header" and b.level == 1 then
      chap = chap + 1
      local c = chapters[chap]
      if c.kind == "chapter" then
        local label = num[c.id] and ("chapter " .. num[c.id]:match("^[^.]+")) or c.title
        ctx = { chap = chap, name = label, seen = {}, link = true }
      else
        ctx = nil
      end
    end
    if ctx and b.t ~= "Header" then
      b = pandoc.walk_block(pandoc.Div({ b }), {
        Para = function(p) p.content = scan(p.content, ctx); return p end,
        Plain = function(p) p.content = scan(p.content, ctx); return p end,
        -- figure captions count as prose too
        Image = function(im) im.caption = scan(im.caption, ctx); return im end,
        CodeBlock = function() return nil end,
      }).content[1]
    end
    -- [§](#id): the section number of id
    b = pandoc.walk_block(pandoc.Div({ b }), { Link = function(l)
      if #l.content == 1 and l.content[1].t == "Str" and l.content[1].text == "§" then
        local id = l.target:match("^#(.+)$")
        local c = id and chapter_of[id]
        if not c then fail("a link to an unknown place: " .. l.target) end
        local label = num[id] or chapters[c].title
        l.content = { pandoc.Str("§" .. label) }
        return l
      end
    end }).content[1]
    out:insert(b)
  end
  if #errors > 0 then
    fail("a term used before the chapter that teaches it:\n  " .. table.concat(errors, "\n  "))
  end
  return pandoc.Pandoc(out, doc.meta)
end

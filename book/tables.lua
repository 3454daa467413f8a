-- tables.lua -- tables made from the result files, so that they follow the data.
--
--   ```{.table include=results/gpu/09-single-pass-scan.csv
--              columns="wg:work-items,items,gbps:GB/s,gbps/copy_gbps%:of copy"
--              where="n=268435456 type=float" caption="..."}
--   ```
--
-- A result file is CSV: comment lines `# key: value` (device, driver, date,
-- ...), then a header row, then rows. Attributes:
--   columns  comma-separated; each `EXPR` or `EXPR:Label`, where EXPR is a
--            column, `a|b` (the first of them the file has), `a/b` (a ratio)
--            or `a/b%` (a ratio in per cent).
--   where    space-separated `column=value` (value may be `a|b|c`); rows
--            that match all of them are kept, in file order.
--   pivot    `ROW,COL,VALUE`: one row per distinct ROW, one column per
--            distinct COL, VALUE in the cells (a variants-by-sizes table;
--            a cell several rows give is their median).
--   ratio    with pivot: the ROW whose values are the yardstick; each cell
--            also shows its value as a share of the yardstick's.
--   rows     with pivot: the ROW values to show, in this order (default all).
--            A VALUE that is no number is shown as it is (a support matrix's
--            words); col-label="" heads each column with its key alone.
--   caption  the caption; the device and date from the file are added.
-- A missing file, column or row stops the build.

local root = os.getenv("BOOK_ROOT") or "."

local function fail(msg) error("tables.lua: " .. msg, 0) end

local function split(s, sep)
  local out = {}
  for part in (s .. sep):gmatch("(.-)" .. sep:gsub("%p", "%%%0")) do
    if part ~= "" then out[#out + 1] = part end
  end
  return out
end

local function read_csv(path)
  local f = io.open(root .. "/" .. path, "r")
  if not f then fail("cannot open '" .. path .. "'") end
  local meta, header, rows = {}, nil, {}
  for line in f:lines() do
    line = line:gsub("\r$", "")
    local k, v = line:match("^#%s*([%w_ ]+):%s*(.-)%s*$")
    if k then
      meta[k] = v
    elseif line:match("^#") or not line:match("%S") then
      -- a comment without a key, or a blank line
    elseif not header then
      header = split(line, ",")
      for i, h in ipairs(header) do header[i] = h:gsub("^%s+", ""):gsub("%s+$", "") end
    else
      local cells, row = {}, {}
      for c in (line .. ","):gmatch("([^,]*),") do cells[#cells + 1] = c end
      for i, h in ipairs(header) do row[h] = cells[i] or "" end
      rows[#rows + 1] = row
    end
  end
  f:close()
  if not header then fail(path .. " has no header row") end
  local has = {}
  for _, h in ipairs(header) do has[h] = true end
  return meta, has, rows
end

-- The column a name stands for: `a|b` is the first of them the file has.
local function resolve(name, has, path)
  for _, alt in ipairs(split(name, "|")) do
    if has[alt] then return alt end
  end
  fail(path .. " has no column '" .. name .. "'")
end

-- Numbers as a reader wants them: thousands grouped, three significant
-- digits below 100.
local function fmt(x)
  if x == nil then return "" end
  local a = math.abs(x)
  local s
  if a >= 100 then
    s = string.format("%.0f", x)
    local sign, digits = s:match("^(-?)(%d+)$")
    digits = digits:reverse():gsub("(%d%d%d)", "%1 "):reverse():gsub("^ ", "")
    s = sign .. digits
  elseif a >= 10 then
    s = string.format("%.1f", x)
  elseif a >= 1 then
    s = string.format("%.2f", x)
  elseif a == 0 then
    s = "0"
  else
    s = string.format("%.3g", x)
  end
  return s
end

local function cell_value(row, expr, has, path)
  local pct = expr:match("%%$") ~= nil
  local e = expr:gsub("%%$", "")
  local a, b = e:match("^(.-)/(.+)$")
  if a then
    local x, y = tonumber(row[resolve(a, has, path)]), tonumber(row[resolve(b, has, path)])
    if not x or not y or y == 0 then return "" , true end
    if pct then return string.format("%.1f %%", 100 * x / y), true end
    return string.format("%.2f×", x / y), true
  end
  local v = row[resolve(e, has, path)]
  local n = tonumber(v)
  if n and v:match("[%.eE]") then return fmt(n), true end
  if n then
    if math.abs(n) >= 10000 then return fmt(n), true end
    return v, true
  end
  return v, false
end

local function matches(row, conds, has, path)
  for _, c in ipairs(conds) do
    local col, want = c:match("^([^=]+)=(.*)$")
    if not col then fail("bad where clause '" .. c .. "' (write column=value)") end
    local v = row[resolve(col, has, path)]
    local ok = false
    for _, w in ipairs(split(want, "|")) do
      if v == w then ok = true end
    end
    if not ok then return false end
  end
  return true
end


local function source_note(meta, path)
  local dev = meta["device"] or "device not recorded"
  dev = dev:gsub("%s*%(.*$", "")
  local date = (meta["date"] or ""):match("^(%d%d%d%d%-%d%d%-%d%d)")
  return " (" .. dev .. (date and (", " .. date) or "") .. "; `" .. path .. "`)"
end

function CodeBlock(el)
  if not el.classes:includes("table") then return nil end
  local path = el.attributes["include"]
  if not path then fail("a .table block needs include=FILE") end
  local meta, has, rows = read_csv(path)
  local conds = split(el.attributes["where"] or "", " ")
  local kept = {}
  for _, r in ipairs(rows) do
    if matches(r, conds, has, path) then kept[#kept + 1] = r end
  end
  if #kept == 0 then fail(path .. ": no row matches where=\"" .. (el.attributes["where"] or "") .. "\"") end
  local heads, body, aligns = {}, {}, {}
  local pivot = el.attributes["pivot"]
  if pivot then
    local p = split(pivot, ",")
    if #p ~= 3 then fail("pivot must be ROW,COL,VALUE") end
    local rcol, ccol, vcol = resolve(p[1], has, path), resolve(p[2], has, path), resolve(p[3], has, path)
    local rkeys, ckeys, seenr, seenc, val, runs, words = {}, {}, {}, {}, {}, {}, {}
    for _, r in ipairs(kept) do
      local rk, ck = r[rcol], r[ccol]
      if not seenr[rk] then seenr[rk] = true; rkeys[#rkeys + 1] = rk end
      if not seenc[ck] then seenc[ck] = true; ckeys[#ckeys + 1] = ck end
      local k, v = rk .. "\0" .. ck, tonumber(r[vcol])
      if v then runs[k] = runs[k] or {}; table.insert(runs[k], v)
      elseif r[vcol] and r[vcol] ~= "" then words[k] = r[vcol] end -- a cell in words (a support matrix)
    end
    -- A cell measured more than once (repeated runs) shows the median.
    for k, vs in pairs(runs) do
      table.sort(vs)
      val[k] = (vs[(#vs + 1) // 2] + vs[#vs // 2 + 1]) / 2
    end
    if el.attributes["rows"] then
      rkeys = split(el.attributes["rows"], ",")
      for _, rk in ipairs(rkeys) do
        if not seenr[rk] then fail(path .. ": no row '" .. rk .. "' in column " .. rcol) end
      end
    end
    local yard = el.attributes["ratio"]
    if yard and not seenr[yard] then fail(path .. ": no yardstick row '" .. yard .. "'") end
    heads[1] = el.attributes["row-label"] or rcol
    aligns[1] = pandoc.AlignLeft
    for _, ck in ipairs(ckeys) do
      local n = tonumber(ck)
      local shown = ck
      if n and n == math.floor(n) and n >= 10000 then
        local e = math.floor(math.log(n, 2) + 0.5)
        if 2 ^ e == n then
          local sup = { ["0"] = "⁰", ["1"] = "¹", ["2"] = "²", ["3"] = "³", ["4"] = "⁴", ["5"] = "⁵",
                        ["6"] = "⁶", ["7"] = "⁷", ["8"] = "⁸", ["9"] = "⁹" }
          shown = "2" .. tostring(e):gsub("%d", sup)
        else
          shown = fmt(n)
        end
      end
      local cl = el.attributes["col-label"] or ccol
      heads[#heads + 1] = cl == "" and shown or cl .. " = " .. shown -- col-label="": the key alone
      aligns[#aligns + 1] = pandoc.AlignRight
    end
    for _, rk in ipairs(rkeys) do
      local line = { rk }
      for _, ck in ipairs(ckeys) do
        local v = val[rk .. "\0" .. ck]
        local s = v and fmt(v) or words[rk .. "\0" .. ck] or fmt(v)
        if yard and v then
          local y = val[yard .. "\0" .. ck]
          if y and y ~= 0 and rk ~= yard then s = s .. " (" .. string.format("%.2f", v / y) .. ")" end
        end
        line[#line + 1] = s
      end
      body[#body + 1] = line
    end
  else
    local cols = split(el.attributes["columns"] or "", ",")
    if #cols == 0 then fail("a .table block needs columns= or pivot=") end
    local exprs = {}
    for i, c in ipairs(cols) do
      local e, label = c:match("^(.-):(.+)$")
      e = e or c
      exprs[i] = e
      heads[i] = label or e:gsub("%%$", "")
      aligns[i] = pandoc.AlignLeft
    end
    for _, r in ipairs(kept) do
      local line = {}
      for i, e in ipairs(exprs) do
        local s, numeric = cell_value(r, e, has, path)
        line[i] = s
        if numeric and s ~= "" then aligns[i] = pandoc.AlignRight end
      end
      body[#body + 1] = line
    end
  end
  -- build a pipe table in Markdown, then let Pandoc parse it
  local function esc(s) return (s:gsub("|", "\\|")) end
  local md = { "| " .. table.concat(heads, " | ") .. " |" }
  local sep = {}
  for i, a in ipairs(aligns) do sep[i] = a == pandoc.AlignRight and "---:" or ":---" end
  md[#md + 1] = "|" .. table.concat(sep, "|") .. "|"
  for _, line in ipairs(body) do
    local cells = {}
    for i, c in ipairs(line) do cells[i] = esc(c) end
    md[#md + 1] = "| " .. table.concat(cells, " | ") .. " |"
  end
  local caption = (el.attributes["caption"] or "") .. source_note(meta, path)
  md[#md + 1] = ""
  md[#md + 1] = "Table: " .. caption
  local doc = pandoc.read(table.concat(md, "\n"), "markdown")
  local tbl = doc.blocks[1]
  if el.identifier ~= "" then
    return pandoc.Div({ tbl }, pandoc.Attr(el.identifier, { "csv-table" }))
  end
  return pandoc.Div({ tbl }, pandoc.Attr("", { "csv-table" }))
end

-- A number from a result file, inside a sentence, so that the text cannot
-- drift from the data:
--
--   [ ]{.num include=results/gpu/09-single-pass-scan.csv where="variant=onepass,n=268435456"
--        value=gbps format=%.0f}
--   [ ]{.num include=results/gpu/01-hello-world.txt match="serial C: *([%d.]+) ms"}
--
-- From a CSV: `where` (column=value, separated by spaces or commas) must
-- match exactly one row, unless `pick=first|last|min|max` says which
-- (`pick=spread`: the largest value over the smallest, for repeated runs;
-- `pick=median`: the middle one);
-- `value` is a column, `a/b` or `a/b%` (a ratio, in per cent);
-- `over` (rows chosen like `where`, with the same `value` and `pick`)
-- divides by another row's value: bits's nodes over dfs's, say.
-- From any other file (a captured output): `match` is a Lua pattern whose
-- first capture is the number; `nth=K` takes the K-th match (default 1).
-- `as=text` prints the capture itself, as code (a word the program printed).
-- `format` is a printf format (default: as the tables print numbers);
-- `scale=F` multiplies first. Anything missing stops the build.
function Span(el)
  if not el.classes:includes("num") then return nil end
  local a = el.attributes
  local path = a["include"]
  if not path then fail("a .num span without include=") end
  local x
  if path:match("%.csv$") then
    local _, has, rows = read_csv(path)
    local want = a["value"] or fail(".num from " .. path .. ": no value=")
    -- the value of the rows `where` picks (see above)
    local function from_rows(where)
      local x
      local conds = {}
      for c in where:gmatch("[^%s,]+") do conds[#conds + 1] = c end
      local hits = {}
      for _, row in ipairs(rows) do
        if matches(row, conds, has, path) then hits[#hits + 1] = row end
      end
      if #hits == 0 then fail(".num: no row of " .. path .. " matches '" .. where .. "'") end
      local function val(row)
        local pct = want:match("%%$") ~= nil
        local e = want:gsub("%%$", "")
        local p, q = e:match("^(.-)/(.+)$")
        if p then
          local u, v = tonumber(row[resolve(p, has, path)]), tonumber(row[resolve(q, has, path)])
          if not u or not v or v == 0 then return nil end
          return (pct and 100 or 1) * u / v
        end
        return tonumber(row[resolve(e, has, path)])
      end
      local pick = a["pick"]
      if not pick then
        if #hits > 1 then
          fail(".num: " .. #hits .. " rows of " .. path .. " match '" .. where .. "' (narrow it, or say pick=first|last|min|max|median|spread)")
        end
        x = val(hits[1])
      elseif pick == "first" then x = val(hits[1])
      elseif pick == "last" then x = val(hits[#hits])
      elseif pick == "min" or pick == "max" then
        for _, row in ipairs(hits) do
          local v = val(row)
          if v and (not x or (pick == "min" and v < x) or (pick == "max" and v > x)) then x = v end
        end
      elseif pick == "spread" then
        -- largest over smallest: the rows are repeated runs of the same work
        if #hits < 2 then fail(".num: pick=spread needs two or more rows of " .. path .. " matching '" .. where .. "', found " .. #hits) end
        local lo, hi
        for _, row in ipairs(hits) do
          local v = val(row)
          if v and v > 0 then
            lo = (not lo or v < lo) and v or lo
            hi = (not hi or v > hi) and v or hi
          end
        end
        if lo then x = hi / lo end
      elseif pick == "median" then
        -- the middle of repeated runs (the mean of the two middle ones)
        local vs = {}
        for _, row in ipairs(hits) do
          local v = val(row)
          if v then vs[#vs + 1] = v end
        end
        table.sort(vs)
        if #vs > 0 then x = (vs[(#vs + 1) // 2] + vs[#vs // 2 + 1]) / 2 end
      else
        fail(".num: pick=" .. pick .. " (write first, last, min, max, median or spread)")
      end
      if not x then fail(".num: '" .. want .. "' is not a number in the row of " .. path .. " that matches '" .. where .. "'") end
      return x
    end
    x = from_rows(a["where"] or "")
    if a["over"] then x = x / from_rows(a["over"]) end
  else
    local pat = a["match"] or fail(".num from " .. path .. ": no match= (a Lua pattern with one capture)")
    local f = io.open(root .. "/" .. path, "r")
    if not f then fail("cannot open '" .. path .. "'") end
    local text = f:read("a")
    f:close()
    local nth, k = tonumber(a["nth"] or "1"), 0
    for cap in text:gmatch(pat) do
      k = k + 1
      if k == nth then x = a["as"] == "text" and cap or tonumber(cap); break end
    end
    if not x then fail(".num: " .. path .. " has no match " .. (nth > 1 and ("number " .. nth .. " ") or "") .. "for '" .. pat .. "'") end
    if a["as"] == "text" then -- a word of the output itself (an error's name, "ok"), as code
      return pandoc.Code(x, pandoc.Attr("", { "num" }, { title = "from " .. path }))
    end
  end
  x = x * tonumber(a["scale"] or "1")
  local s = a["format"] and string.format(a["format"], x) or fmt(x)
  return pandoc.Span({ pandoc.Str(s) }, pandoc.Attr("", { "num" }, { title = "from " .. path }))
end

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

-- Problems with numbers are gathered over the whole book and reported
-- together at the end (check_text), so that one build lists them all.
local problems = {}
local function problem(msg) problems[#problems + 1] = msg end

local csv_cache = {}
local function read_csv(path)
  if csv_cache[path] then return table.unpack(csv_cache[path]) end
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
  -- A parameter column says what was run (a variant, a size, a mode, a tile
  -- shape): every value in it is a whole number or a word. A column with a
  -- fraction anywhere in it is a measurement, and so is one whose name
  -- carries a unit (ms, *_ms, *gbps, *gflops, pct_*, speedup, gain, vs_*).
  local params = {}
  for _, h in ipairs(header) do
    -- a unit in the name says measurement too, whatever the values look like
    local p = not (h == "ms" or h:match("_ms$") or h:match("gbps$") or h:match("gflops$") or h:match("^pct_")
                   or h == "speedup" or h == "gain" or h:match("^vs_"))
    for _, r in ipairs(rows) do
      local v = r[h]
      if v:match("^%s*[-+]?%d*%.%d*%s*$") or v:match("^%s*[-+]?[%d.]+[eE][-+]?%d+%s*$") then p = false; break end
    end
    params[h] = p
  end
  has[0] = header
  csv_cache[path] = { meta, has, rows, params }
  return meta, has, rows, params
end

-- Rows combined into one number (a median of repeated runs, a pivot cell)
-- must be repeats of one run: they agree on every parameter column, except
-- those the block names in vary=. runs=N bounds how many there may be.
local function check_repeats(hits, params, has, path, what, attrs)
  if #hits < 2 then return end
  local runs = attrs["runs"] and tonumber(attrs["runs"])
  if runs and #hits > runs then
    problem(what .. ": " .. #hits .. " rows of " .. path .. " are combined, more than runs=" .. attrs["runs"] .. " names")
  end
  local vary = {}
  for c in (attrs["vary"] or ""):gmatch("[^,%s]+") do vary[c] = true end
  local differ = {}
  for _, h in ipairs(has[0]) do
    if params[h] and not vary[h] then
      local seen, list = {}, {}
      for _, r in ipairs(hits) do
        if not seen[r[h]] then seen[r[h]] = true; list[#list + 1] = r[h] == "" and "(empty)" or r[h] end
      end
      if #list > 1 then
        if #list > 4 then list = { list[1], list[2], list[3], "... " .. #list .. " values" } end
        differ[#differ + 1] = h .. " (" .. table.concat(list, ", ") .. ")"
      end
    end
  end
  if #differ > 0 then
    problem(what .. ": " .. #hits .. " rows of " .. path .. " are combined into one number, but they are not repeats of one run: they differ in " ..
      table.concat(differ, ", ") .. ". Narrow the selection, or name the columns that may differ with vary=")
  end
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

-- What each data table shows, for .cell spans and the check of the numbers
-- in the text beside it (see the end of this file).
local shown_tables, n_tables = {}, 0

local function table_block(el)
  if not el.classes:includes("table") then return nil end
  local path = el.attributes["include"]
  if not path then fail("a .table block needs include=FILE") end
  local meta, has, rows, params = read_csv(path)
  n_tables = n_tables + 1
  local key = el.identifier ~= "" and el.identifier or ("table-" .. n_tables)
  local info = { id = key, path = path, where = el.attributes["where"] or "", caption = el.attributes["caption"] or "" }
  shown_tables[key] = info
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
    local rkeys, ckeys, seenr, seenc, val, runs, words, cellrows = {}, {}, {}, {}, {}, {}, {}, {}
    for _, r in ipairs(kept) do
      local rk, ck = r[rcol], r[ccol]
      if not seenr[rk] then seenr[rk] = true; rkeys[#rkeys + 1] = rk end
      if not seenc[ck] then seenc[ck] = true; ckeys[#ckeys + 1] = ck end
      local k, v = rk .. "\0" .. ck, tonumber(r[vcol])
      cellrows[k] = cellrows[k] or {}; table.insert(cellrows[k], r)
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
    -- A cell fed by several rows shows their median: they must be repeats
    -- of one run (not a mode, a tile shape or a flag the table does not show).
    -- (the rows shown, and the yardstick)
    local shown = {}
    for _, rk in ipairs(rkeys) do shown[#shown + 1] = rk end
    if el.attributes["ratio"] then shown[#shown + 1] = el.attributes["ratio"] end
    for _, rk in ipairs(shown) do
      for _, ck in ipairs(ckeys) do
        local hits = cellrows[rk .. "\0" .. ck]
        if hits then
          check_repeats(hits, params, has, path, "table " .. key .. ", cell " .. rcol .. "=" .. rk .. " " .. ccol .. "=" .. ck, el.attributes)
        end
      end
    end
    local yard = el.attributes["ratio"]
    if yard and not seenr[yard] then fail(path .. ": no yardstick row '" .. yard .. "'") end
    info.kind, info.rcol, info.ccol, info.vcol, info.val, info.yard = "pivot", rcol, ccol, vcol, val, yard
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
    info.kind, info.exprs, info.heads, info.kept, info.has = "columns", exprs, heads, kept, has
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
  return pandoc.Div({ tbl }, pandoc.Attr(el.identifier, { "csv-table" }, { ["data-table"] = key }))
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
local shown_nums, n_nums = {}, 0

local function num_span(el)
  if not el.classes:includes("num") then return nil end
  local a = el.attributes
  local path = a["include"]
  if not path then fail("a .num span without include=") end
  local x, rec
  if path:match("%.csv$") then
    local _, has, rows, params = read_csv(path)
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
      if pick == "median" or pick == "spread" then
        check_repeats(hits, params, has, path, ".num where=\"" .. where .. "\" pick=" .. pick, a)
      end
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
    rec = { path = path, where = a["where"] or "", value = want, x = x, over = a["over"] }
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
  local attrs = { title = "from " .. path }
  if rec and not rec.over then
    n_nums = n_nums + 1
    rec.shown = s
    shown_nums[n_nums] = rec
    attrs["data-num"] = tostring(n_nums)
  end
  return pandoc.Span({ pandoc.Str(s) }, pandoc.Attr("", { "num" }, attrs))
end

-- The value of EXPR (a column, `a/b` or `a/b%`) in ROW, as a number.
local function expr_value(row, expr, has, path)
  local pct = expr:match("%%$") ~= nil
  local e = expr:gsub("%%$", "")
  local p, q = e:match("^(.-)/(.+)$")
  if p then
    local u, v = tonumber(row[resolve(p, has, path)]), tonumber(row[resolve(q, has, path)])
    if not u or not v or v == 0 then return nil end
    return (pct and 100 or 1) * u / v
  end
  return tonumber(row[resolve(e, has, path)])
end

-- A cell of a table made above or below, in a sentence, so that the text says
-- exactly what the table shows:
--
--   [ ]{.cell table=tbl-gemm-h200 row=fast col=8192}             a pivot's cell
--   [ ]{.cell table=tbl-gemm-h200 row=fast col=8192 part=ratio}  its share of the yardstick
--   [ ]{.cell table=tbl-transfers row="pinned=1" col=up_ms}      a columns table's cell
--
-- In a pivot, row and col are the ROW and COL keys; in a table with
-- columns=, row is `column=value ...` and must pick one of the table's rows,
-- col is one of its column expressions or labels. scale=F and format=%... as
-- for .num; without them the cell is printed as the table prints it.
local function cell_span(el)
  if not el.classes:includes("cell") then return nil end
  local a = el.attributes
  local id = a["table"] or fail("a .cell span without table=ID")
  local t = shown_tables[id] or fail(".cell: no table with id '" .. id .. "' made from data")
  local row, col = a["row"] or fail(".cell in table " .. id .. ": no row="), a["col"] or fail(".cell in table " .. id .. ": no col=")
  local x, s
  if t.kind == "pivot" then
    x = t.val[row .. "\0" .. col]
    if not x then fail(".cell: table " .. id .. " has no number at " .. t.rcol .. "=" .. row .. ", " .. t.ccol .. "=" .. col) end
    if a["part"] == "ratio" then
      local y = t.yard and t.val[t.yard .. "\0" .. col]
      if not y or y == 0 then fail(".cell: table " .. id .. " has no yardstick at " .. t.ccol .. "=" .. col) end
      x = x / y
      s = string.format("%.2f", x)
    elseif a["part"] then
      fail(".cell: part=" .. a["part"] .. " (write part=ratio)")
    end
  else
    local conds = {}
    for c in row:gmatch("[^%s,]+") do conds[#conds + 1] = c end
    local hits = {}
    for _, r in ipairs(t.kept) do
      if matches(r, conds, t.has, t.path) then hits[#hits + 1] = r end
    end
    if #hits ~= 1 then fail(".cell: " .. #hits .. " rows of table " .. id .. " match row=\"" .. row .. "\" (it must pick one)") end
    local e
    for i, ex in ipairs(t.exprs) do
      if ex == col or t.heads[i] == col then e = ex end
    end
    if not e then fail(".cell: table " .. id .. " has no column '" .. col .. "'") end
    x = expr_value(hits[1], e, t.has, t.path)
    if not x then fail(".cell: table " .. id .. ", row " .. row .. ", column " .. col .. " is not a number") end
    s = cell_value(hits[1], e, t.has, t.path)
  end
  if a["scale"] or a["format"] or not s then
    local y = x * tonumber(a["scale"] or "1")
    s = a["format"] and string.format(a["format"], y) or fmt(y)
  end
  return pandoc.Span({ pandoc.Str(s) }, pandoc.Attr("", { "num" }, { title = "from table " .. id .. " (" .. t.path .. ")" }))
end

-- The units a reader sees for a column: a typed number in one of them, in
-- the section of a table that shows that column, claims the table's quantity.
local function units_of(col)
  col = col:gsub("%%$", "")
  if col:match("/") then return {} end
  if col:match("gflops$") then return { "GFLOP/s", "TFLOP/s" } end
  if col:match("gbps$") then return { "GB/s", "TB/s" } end
  if col == "ms" or col:match("_ms$") then return { "ms", "µs" } end
  return {}
end

local function where_map(where, has, path)
  local m = {}
  for c in where:gmatch("[^%s,]+") do
    local col, v = c:match("^([^=]+)=(.*)$")
    if col and not v:match("|") then m[resolve(col, has, path)] = v end
  end
  return m
end

-- The check of the text beside each table: in the section (the text between
-- two headings) that holds a table made from data,
--   * a .num from the same file and column whose `where` names one of the
--     table's cells must equal that cell;
--   * a number typed as text followed by a unit of a quantity the table shows
--     (GFLOP/s, TFLOP/s, GB/s, TB/s, ms, µs) stops the build: draw it with
--     .cell or .num, or mark a number that is no measurement of this run
--     (a data-sheet peak) [67 TFLOP/s]{.given}.
local function check_text(doc)
  local sections, cur = {}, { title = "(the start)", blocks = {} }
  for _, b in ipairs(doc.blocks) do
    if b.t == "Header" then
      sections[#sections + 1] = cur
      cur = { title = pandoc.utils.stringify(b), blocks = {} }
    else
      cur.blocks[#cur.blocks + 1] = b
    end
  end
  sections[#sections + 1] = cur
  for _, sec in ipairs(sections) do
    local body = pandoc.Div(sec.blocks)
    local tabs = {}
    body:walk({ Div = function(d)
      local k = d.attributes["data-table"]
      if k and shown_tables[k] then tabs[#tabs + 1] = shown_tables[k] end
    end })
    if #tabs > 0 then
      -- numbers drawn with .num: the same cell must be the same number
      body:walk({ Span = function(sp)
        local n = tonumber(sp.attributes["data-num"] or "")
        local rec = n and shown_nums[n]
        if not rec then return nil end
        for _, t in ipairs(tabs) do
          if t.path == rec.path then
            local _, has = read_csv(t.path)
            local w = where_map(rec.where, has, t.path)
            local tw = where_map(t.where or "", has, t.path)
            local clash = false
            for c, v in pairs(w) do
              if tw[c] and tw[c] ~= v then clash = true end
            end
            local want, label
            if not clash and t.kind == "pivot" and rec.value == t.vcol and w[t.rcol] and w[t.ccol] then
              want = t.val[w[t.rcol] .. "\0" .. w[t.ccol]]
              label = t.rcol .. "=" .. w[t.rcol] .. " " .. t.ccol .. "=" .. w[t.ccol]
              if want and math.abs(rec.x - want) > 1e-9 * math.abs(want) then
                problem("section '" .. sec.title .. "': the text says " .. rec.shown .. " (.num where=\"" .. rec.where .. "\" value=" .. rec.value ..
                  ", " .. fmt(rec.x) .. ") where table " .. t.id .. " shows " .. fmt(want) .. " for " .. label ..
                  "; write [ ]{.cell table=" .. t.id .. " row=" .. w[t.rcol] .. " col=" .. w[t.ccol] .. "}")
              end
            elseif not clash and t.kind == "columns" then
              for _, e in ipairs(t.exprs) do
                if e == rec.value then
                  local conds = {}
                  for c in rec.where:gmatch("[^%s,]+") do conds[#conds + 1] = c end
                  local found, same = 0, false
                  for _, r in ipairs(t.kept) do
                    if matches(r, conds, t.has, t.path) then
                      found = found + 1
                      local v = expr_value(r, e, t.has, t.path)
                      if v and math.abs(rec.x - v) <= 1e-9 * math.abs(v) then same = true end
                    end
                  end
                  if found > 0 and not same then
                    problem("section '" .. sec.title .. "': the text says " .. rec.shown .. " (.num where=\"" .. rec.where .. "\" value=" .. rec.value ..
                      ") where table " .. t.id .. " shows another number in the same column for " .. found .. " row(s) matching that where; write [ ]{.cell table=" .. t.id .. " row=\"...\" col=" .. e .. "}")
                  end
                end
              end
            end
          end
        end
      end })
      -- numbers typed as text, in a unit of a quantity a table here shows
      local units, seen = {}, {}
      for _, t in ipairs(tabs) do
        local cols = t.kind == "pivot" and { t.vcol } or t.exprs
        for _, c in ipairs(cols) do
          for _, u in ipairs(units_of(c)) do
            if not seen[u] then seen[u] = true; units[#units + 1] = { u, t.id } end
          end
        end
      end
      if #units > 0 then
        local bare = body:walk({
          Span = function(sp)
            if sp.classes:includes("num") or sp.classes:includes("cell") or sp.classes:includes("given") then return pandoc.Span({}) end
          end,
          Div = function(d) if d.attributes["data-table"] then return pandoc.Div({}) end end,
          Image = function() return pandoc.Span({}) end,
        })
        local text = " " .. pandoc.utils.stringify(bare) .. " "
        for _, ut in ipairs(units) do
          local u = ut[1]:gsub("%p", "%%%0")
          for num in text:gmatch("[^%w%.]([%d][%d.,]*)[\194\160 \226\128\175]*" .. u .. "[^%w]") do
            problem("section '" .. sec.title .. "': '" .. num .. " " .. ut[1] .. "' is typed beside table " .. ut[2] ..
              ", which shows that quantity; draw it from the data with [ ]{.cell ...} or [ ]{.num ...} (or mark a number that is no measurement [..]{.given})")
          end
        end
      end
    end
  end
  -- book/numbers-pending.txt: problems known and not yet fixed, one
  -- substring of a problem a line; they are reported, not fatal.
  local pending, left = {}, {}
  local f = io.open(root .. "/book/numbers-pending.txt", "r")
  if f and os.getenv("BOOK_NUMBERS_STRICT") ~= "1" then
    for line in f:lines() do
      if line:match("%S") and not line:match("^#") then pending[#pending + 1] = line end
    end
  end
  if f then f:close() end
  for _, p in ipairs(problems) do
    local known = false
    for _, k in ipairs(pending) do
      if p:find(k, 1, true) then known = true end
    end
    if known then
      io.stderr:write("tables.lua: pending (book/numbers-pending.txt): " .. p .. "\n")
    else
      left[#left + 1] = p
    end
  end
  if #left > 0 then
    fail(#left .. " number(s) in the book are not the numbers of their data:\n  " .. table.concat(left, "\n  "))
  end
  -- the bookkeeping attributes stay out of the pages
  return doc:walk({
    Span = function(sp) if sp.attributes["data-num"] then sp.attributes["data-num"] = nil; return sp end end,
    Div = function(d) if d.attributes["data-table"] then d.attributes["data-table"] = nil; return d end end,
  })
end

-- Tables first (so that a .cell may stand before its table), then the
-- numbers, then the check of the text beside each table.
return {
  { CodeBlock = table_block },
  { Span = function(el)
      if el.classes:includes("cell") then return cell_span(el) end
      return num_span(el)
    end },
  { Pandoc = check_text },
}

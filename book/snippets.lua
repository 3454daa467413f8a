-- snippets.lua -- weave the real sources into the book.
--
-- A code block with an `include` attribute is replaced by that file, or by
-- the lines between its markers when it also has `snippet`:
--
--   ```{.c include=lessons/01-hello-world/main.c snippet=launch}
--   ```
--
-- Markers in the sources are comment lines `// snippet: NAME` ... `// end
-- snippet NAME` (or `#` comments in shell and make files). Snippets may nest;
-- an end marker must name the snippet it closes, or the build stops;
-- every marker line is stripped from what the reader sees. A missing file or
-- snippet stops the build with an error. `define=NAME` instead of `snippet`
-- takes the paragraph of the file that holds `#define NAME`. Every included
-- block gets the attributes `source` (the path) and `lines` (first–last). Paths are relative to BOOK_ROOT
-- (default: the working directory). When BOOK_SNIPPETS_USED names a file,
-- each "file snippet" pair used is appended to it; when BOOK_LONG_LINES
-- does, each shown line of code longer than 115 characters ("path:line: N
-- characters"), the most the web book's code column holds at 1280 px with a
-- classic 15 px scroll bar
-- (program output, class .text, may be wider: its box scrolls).

local root = os.getenv("BOOK_ROOT") or "."
local used_log = os.getenv("BOOK_SNIPPETS_USED")
local long_log = os.getenv("BOOK_LONG_LINES")
local WIDE = 115

local function start_of(line)
  return line:match("^%s*//%s*snippet:%s*(%S+)%s*$") or line:match("^%s*#%s*snippet:%s*(%S+)%s*$")
end

-- The name an end marker closes, "" for a bare `// end snippet` (refused).
local function end_of(line)
  return line:match("^%s*//%s*end snippet%s*(%S*)%s*$") or line:match("^%s*#%s*end snippet%s*(%S*)%s*$")
end

local function is_end(line)
  return end_of(line) ~= nil
end

local function read_lines(path)
  local f = io.open(root .. "/" .. path, "r")
  if not f then
    error("snippets.lua: cannot open included file '" .. path .. "'")
  end
  local lines = {}
  for line in f:lines() do
    lines[#lines + 1] = line
  end
  f:close()
  return lines
end

-- Every end marker must close the snippet opened last, by name.
local function check_markers(lines, path)
  local open = {}
  for i, line in ipairs(lines) do
    local s, e = start_of(line), end_of(line)
    if s then
      open[#open + 1] = s
    elseif e then
      local want = open[#open]
      if not want then
        error("snippets.lua: " .. path .. ":" .. i .. ": '" .. line:gsub("^%s+", "") .. "' closes no open snippet")
      elseif e ~= want then
        error("snippets.lua: " .. path .. ":" .. i .. ": end marker names '" .. e ..
              "' but the open snippet is '" .. want .. "' (write '// end snippet " .. want .. "')")
      end
      open[#open] = nil
    end
  end
  if #open > 0 then
    error("snippets.lua: " .. path .. ": snippet '" .. open[#open] .. "' is never closed")
  end
end

-- The lines of snippet NAME, and the numbers of its first and last line.
local function extract(lines, path, name)
  check_markers(lines, path)
  local out, depth, inside, closed = {}, 0, false, false
  local first, last
  for i, line in ipairs(lines) do
    local s = start_of(line)
    if inside then
      if s then
        depth = depth + 1
      elseif is_end(line) then
        if depth == 0 then
          closed = true
          break
        end
        depth = depth - 1
      else
        out[#out + 1] = line
        first = first or i
        last = i
      end
    elseif s == name then
      inside = true
    end
  end
  if not inside then
    error("snippets.lua: no snippet '" .. name .. "' in " .. path)
  end
  if not closed then
    error("snippets.lua: snippet '" .. name .. "' in " .. path .. " has no '// end snippet " .. name .. "'")
  end
  return out, first or 0, last or 0
end

-- The paragraph of the source (the run of non-blank lines) that holds
-- `#define NAME`: a macro and the comment above it, or a whole #if block.
local function extract_define(lines, path, name)
  local at
  for i, line in ipairs(lines) do
    if line:match("^%s*#%s*define%s+" .. name:gsub("%W", "%%%0") .. "[%s(]") then at = i; break end
  end
  if not at then
    error("snippets.lua: no '#define " .. name .. "' in " .. path)
  end
  local first, last = at, at
  while first > 1 and lines[first - 1]:match("%S") and not start_of(lines[first - 1]) and not is_end(lines[first - 1]) do
    first = first - 1
  end
  while last < #lines and lines[last + 1]:match("%S") and not start_of(lines[last + 1]) and not is_end(lines[last + 1]) do
    last = last + 1
  end
  local out = {}
  for i = first, last do out[#out + 1] = lines[i] end
  return out, first, last
end

-- The macros of PATH that BODY uses but does not define: "NAME (line N)".
local function outside_macros(lines, body, first, last)
  local text = table.concat(body, "\n")
  local seen, out = {}, {}
  for i, line in ipairs(lines) do
    local name = line:match("^%s*#%s*define%s+([%a_][%w_]*)")
    if name and (i < first or i > last) and not seen[name] then
      seen[name] = true
      if text:find("%f[%w_]" .. name .. "%f[^%w_]") and not text:find("#%s*define%s+" .. name .. "%f[^%w_]") then
        out[#out + 1] = name .. " (line " .. i .. ")"
      end
    end
  end
  return table.concat(out, ", ")
end

-- Remove the indentation all lines share, so a snippet from inside a
-- function reads flush left.
local function dedent(lines)
  local common
  for _, line in ipairs(lines) do
    if line:match("%S") then
      local ind = #line:match("^(%s*)")
      if not common or ind < common then common = ind end
    end
  end
  if not common or common == 0 then return lines end
  local out = {}
  for i, line in ipairs(lines) do
    out[i] = line:sub(common + 1)
  end
  return out
end

function CodeBlock(el)
  local path = el.attributes["include"]
  if not path or el.classes:includes("table") or el.classes:includes("plot") then return nil end  -- tables.lua, plots.lua
  local lines = read_lines(path)
  local name = el.attributes["snippet"]
  local define = el.attributes["define"]
  local body, first, last
  if name then
    body, first, last = extract(lines, path, name)
  elseif define then
    body, first, last = extract_define(lines, path, define)
  else
    body = {}
    for _, line in ipairs(lines) do
      if not start_of(line) and not is_end(line) then body[#body + 1] = line end
    end
    first, last = 1, #lines
  end
  if used_log and name then
    local f = io.open(used_log, "a")
    if f then
      f:write(path .. " " .. name .. "\n")
      f:close()
    end
  end
  -- drop trailing blank lines
  while #body > 0 and not body[#body]:match("%S") do body[#body] = nil end
  local shown = dedent(body)
  el.text = table.concat(shown, "\n")
  -- Lines wider than the code column at 1280 px (WIDE characters) are
  -- reported to BOOK_LONG_LINES, with where they are in the source.
  if long_log and not path:match("^results/") and not el.classes:includes("text") then
    local cut = 0
    for i, line in ipairs(body) do
      if line:match("%S") then cut = #line - #shown[i]; break end
    end
    local f = io.open(long_log, "a")
    if f then
      for i = first, last do
        local n = utf8.len(lines[i]) or #lines[i]
        if n - cut > WIDE and not start_of(lines[i]) and not is_end(lines[i]) then
          f:write(string.format("%s:%d: %d characters\n", path, i, n - cut))
        end
      end
      f:close()
    end
  end
  el.attributes["include"] = nil
  el.attributes["snippet"] = nil
  el.attributes["define"] = nil
  -- Where the lines come from, for the listing's caption (book/numbering.lua).
  el.attributes["source"] = path
  el.attributes["lines"] = first == last and tostring(first) or (first .. "–" .. last)
  if name or define then
    local m = outside_macros(lines, body, first, last)
    if m ~= "" then el.attributes["macros"] = m end
  end
  return el
end

-- plots.lua -- figures drawn from result files at build time, so that they
-- follow the data (tools/book-plot.py draws them):
--
--   ```{.plot include=results/gpu/05-matrix-multiplication.csv x=M y=gflops series=what
--             show="naive,fast,cublas" headline=fast logx=1 logy=1
--             caption="..." #fig-gemm-h200}
--   ```
--
-- Every attribute but include and caption is passed on as key=value. The
-- SVG goes to build/book/plots/ID.svg; for the printed edition
-- (BOOK_TARGET=print) it is also rendered to PNG, which WeasyPrint draws
-- more faithfully. A failing plot stops the build.
local target = os.getenv("BOOK_TARGET") or "web"
local dir = os.getenv("BOOK_PLOT_DIR") or "build/book/plots" -- (the tests draw elsewhere)
local n = 0

function CodeBlock(el)
  if not el.classes:includes("plot") then return nil end
  local src = el.attributes["include"]
  local caption = el.attributes["caption"]
  if not src or not caption then error("plots.lua: a .plot block needs include= and caption=", 0) end
  n = n + 1
  local name = el.identifier ~= "" and el.identifier or ("plot-" .. n)
  local svg = dir .. "/" .. name .. ".svg"
  os.execute("mkdir -p " .. dir)
  local args = { "tools/book-plot.py", src, svg }
  for k, v in pairs(el.attributes) do
    if k ~= "include" and k ~= "caption" then args[#args + 1] = k .. "=" .. v end
  end
  table.sort(args, function(a, b) return a < b end)
  -- keep the script, the CSV and the output first
  local ordered = { "tools/book-plot.py", src, svg }
  for _, a in ipairs(args) do
    if a ~= "tools/book-plot.py" and a ~= src and a ~= svg then ordered[#ordered + 1] = a end
  end
  local ok, err = pcall(pandoc.pipe, "python3", ordered, "")
  if not ok then error("plots.lua: cannot draw " .. name .. " from " .. src .. ": " .. tostring(err), 0) end
  local path = svg
  if target == "print" then
    local png = dir .. "/" .. name .. ".png"
    local ok2, err2 = pcall(pandoc.pipe, "rsvg-convert", { "-z", "2", "-b", "white", "-o", png, svg }, "")
    if not ok2 then error("plots.lua: cannot render " .. svg .. ": " .. tostring(err2), 0) end
    path = png
  end
  local inl = pandoc.read(caption, "markdown").blocks
  inl = #inl > 0 and inl[1].content or {}
  local note = pandoc.List({ pandoc.Space(), pandoc.Str("(Drawn from"), pandoc.Space(), pandoc.Code(src) })
  note:insert(pandoc.Str(".)"))
  local cap = pandoc.List(inl)
  cap:extend(note)
  return pandoc.Para({ pandoc.Image(cap, path, "fig:", pandoc.Attr(el.identifier)) })
end

-- pdf-images.lua -- PDF only: use the PNG that tools/book.sh rendered from
-- each SVG figure (WeasyPrint cannot draw gnuplot's SVG, which colours its
-- lines with `currentColor`). The HTML book keeps the SVG.
function Image(el)
  if el.src:match("%.svg$") then
    el.src = "build/book/pdf-img/" .. el.src:gsub("%.svg$", ".png")
  end
  return el
end

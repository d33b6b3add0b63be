#!/usr/bin/env python3
"""svgstat.py FILE: what a gpuperf SVG draws, one fact per line, for the tests.

  svg     WIDTH HEIGHT (from the attributes; the viewBox must agree)
  chart   TITLE
  x       LABEL | TICK, TICK, ...
  y       LABEL | TICK, TICK, ...
  series  NAME POINTS
  legend  TEXT
Exits non-zero if the file is not well-formed XML or not SVG.
"""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def classes(el):
    return (el.get("class") or "").split()


def text(el):
    return "".join(el.itertext())


def main():
    root = ET.parse(sys.argv[1]).getroot()
    if root.tag != NS + "svg":
        raise SystemExit(f"root element {root.tag}, not svg")
    w, h = root.get("width"), root.get("height")
    if root.get("viewBox") != f"0 0 {w} {h}":
        raise SystemExit(f"viewBox {root.get('viewBox')} against {w} x {h}")
    print("svg", w, h)
    for chart in root.iter(NS + "g"):
        if "chart" not in classes(chart):
            continue
        print("chart", chart.find(NS + "title").text)
        for g in chart.iter(NS + "g"):
            c = classes(g)
            if "axis" in c:
                ticks = [text(t) for t in g.findall(NS + "text") if "tick" in classes(t)]
                label = [text(t) for t in g.findall(NS + "text") if "label" in classes(t)]
                print(c[1], (label or [""])[0], "|", ", ".join(ticks))
            elif "series" in c:
                print("series", g.find(NS + "title").text, len(g.findall(NS + "circle")))
            elif "legend" in c:
                for t in g.findall(NS + "text"):
                    print("legend", text(t))


main()

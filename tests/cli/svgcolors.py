#!/usr/bin/env python3
"""svgcolors.py FILE...: within each chart, every series has a colour of its own.

FILE is an SVG, or an HTML page holding inline <svg> elements.  In each
<g class="chart"> the colour of every series (<g class="series">: its
line's stroke, else its dots' stroke or fill) is read, and two series
whose colours are closer than MIN_DE by CIEDE2000 (the CIE's colour
difference; about 2 is the least an eye tells apart side by side, thin
lines need far more) are a fault, unless they differ in dashes too.
Prints one line per fault and exits 1 if there is any.
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
MIN_DE = 20.0


def lab(hexcolor):
    """#rrggbb -> CIE L*a*b* (D65)."""
    r, g, b = (int(hexcolor[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92 for c in (r, g, b)]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def de2000(c1, c2):
    """CIEDE2000 (Sharma, Wu and Dalal's formulation) between two #rrggbb."""
    (l1, a1, b1), (l2, a2, b2) = lab(c1), lab(c2)
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0 if c1p * c2p == 0 else (h2 - h1 + 180) % 360 - 180
    dl, dc = l2 - l1, c2p - c1p
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lb, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hb = h1 + h2
    elif abs(h1 - h2) <= 180:
        hb = (h1 + h2) / 2
    else:
        hb = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hb - 30)) + 0.24 * math.cos(math.radians(2 * hb))
         + 0.32 * math.cos(math.radians(3 * hb + 6)) - 0.20 * math.cos(math.radians(4 * hb - 63)))
    rc = 2 * math.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7))
    rt = -math.sin(math.radians(2 * 30 * math.exp(-((hb - 275) / 25) ** 2))) * rc
    sl = 1 + 0.015 * (lb - 50) ** 2 / math.sqrt(20 + (lb - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def series_pen(g):
    """(colour, dashes) of a series group."""
    for el in g.iter():
        if el.tag == NS + "path" and el.get("stroke", "none") != "none":
            return el.get("stroke"), el.get("stroke-dasharray") or ""
        if el.tag == NS + "circle":
            colour = el.get("stroke") if el.get("stroke", "none") != "none" else el.get("fill")
            return colour, ""
    return None, ""


def svgs(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".svg"):
        yield ET.fromstring(text.encode())
        return
    for m in re.finditer(r"<svg[ >].*?</svg>", text, re.S):
        yield ET.fromstring(m.group(0).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def main():
    faults = 0
    for path in sys.argv[1:]:
        for root in svgs(path):
            for chart in root.iter(NS + "g"):
                if "chart" not in (chart.get("class") or "").split():
                    continue
                title = chart.findtext(NS + "title") or ""
                pens = []
                for g in chart.iter(NS + "g"):
                    if "series" in (g.get("class") or "").split():
                        colour, dash = series_pen(g)
                        if colour and re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
                            pens.append((g.findtext(NS + "title") or "", colour, dash))
                for i, (n1, c1, d1) in enumerate(pens):
                    for n2, c2, d2 in pens[i + 1:]:
                        d = de2000(c1, c2)
                        if d < MIN_DE and d1 == d2:
                            print(f"{path}: {title[:40]}: '{n1}' {c1} and '{n2}' {c2} are "
                                  f"{d:.1f} apart (CIEDE2000; {MIN_DE:g} wanted)")
                            faults += 1
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()

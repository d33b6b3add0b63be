#!/usr/bin/env python3
"""svglayout.py FILE...: the text of gpuperf's charts is readable.

FILE is an SVG, or an HTML page holding inline <svg> elements (all --html).
For every <text> the box it covers is worked out from DejaVu Sans's own
advance widths (the first font the charts ask for, and the widest of them;
read from the TTF, or FONT_DIR), the font size, the anchor and the
transforms, and three things are checked:

  - no box leaves the picture (its width and height);
  - no two boxes overlap;
  - no box lies across a series' line or dots (a label on the data);
  - no text is cut short (ends in an ellipsis).

Prints one line per fault and exits 1 if there is any; exits 2 where the
font cannot be read.
"""
import os
import re
import struct
import sys
import xml.etree.ElementTree as ET

FONT_DIR = os.environ.get("FONT_DIR", "/usr/share/fonts/truetype/dejavu")
ASCENT, DESCENT = 0.76, 0.24   # of the em, above and below the baseline
SLACK = 0.5                    # px of overlap forgiven (rounding)


def advances(path):
    """char -> advance in em, from the TTF's cmap (format 4) and hmtx."""
    d = open(path, "rb").read()
    tables = {}
    for i in range(struct.unpack(">H", d[4:6])[0]):
        tag, _, off, ln = struct.unpack(">4sIII", d[12 + 16 * i:28 + 16 * i])
        tables[tag.decode()] = off
    upem = struct.unpack(">H", d[tables["head"] + 18:tables["head"] + 20])[0]
    nh = struct.unpack(">H", d[tables["hhea"] + 34:tables["hhea"] + 36])[0]
    ho = tables["hmtx"]
    adv = [struct.unpack(">H", d[ho + 4 * i:ho + 4 * i + 2])[0] for i in range(nh)]
    co = tables["cmap"]
    sub = None
    for i in range(struct.unpack(">H", d[co + 2:co + 4])[0]):
        pid, eid, off = struct.unpack(">HHI", d[co + 4 + 8 * i:co + 12 + 8 * i])
        if pid == 3 and eid == 1:
            sub = co + off
    seg = struct.unpack(">H", d[sub + 6:sub + 8])[0] // 2
    arr = lambda at, fmt: struct.unpack(">%d%s" % (seg, fmt), d[at:at + 2 * seg])
    ends = arr(sub + 14, "H")
    starts = arr(sub + 16 + 2 * seg, "H")
    deltas = arr(sub + 16 + 4 * seg, "h")
    roff_at = sub + 16 + 6 * seg
    roffs = arr(roff_at, "H")

    def glyph(c):
        for s in range(seg):
            if starts[s] <= c <= ends[s]:
                if roffs[s] == 0:
                    return (c + deltas[s]) & 0xFFFF
                a = roff_at + 2 * s + roffs[s] + 2 * (c - starts[s])
                g = struct.unpack(">H", d[a:a + 2])[0]
                return (g + deltas[s]) & 0xFFFF if g else 0
        return 0

    cache = {}

    def width(ch):
        if ch not in cache:
            cache[ch] = adv[min(glyph(ord(ch)), nh - 1)] / upem
        return cache[ch]
    return width


try:
    FONTS = {
        "normal": advances(os.path.join(FONT_DIR, "DejaVuSans.ttf")),
        "bold": advances(os.path.join(FONT_DIR, "DejaVuSans-Bold.ttf")),
        "mono": advances(os.path.join(FONT_DIR, "DejaVuSansMono.ttf")),
    }
except (OSError, KeyError, TypeError, struct.error) as e:
    print(f"svglayout: cannot read DejaVu Sans in {FONT_DIR}: {e}", file=sys.stderr)
    sys.exit(2)


def local(tag):
    return tag.split("}")[-1]


def parse_transform(s):
    """(dx, dy, rotated) of translate(...) and an optional rotate(-90)."""
    dx = dy = 0.0
    rot = False
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", s or ""):
        v = [float(a) for a in re.split(r"[ ,]+", args.strip()) if a]
        if name == "translate":
            dx += v[0]
            dy += v[1] if len(v) > 1 else 0
        elif name == "rotate" and v[0] in (-90, 270):
            rot = True
        else:
            raise SystemExit(f"svglayout: transform {name}({args}) is not understood")
    return dx, dy, rot


class Box:
    def __init__(self, x0, y0, x1, y1, what):
        self.x0, self.y0, self.x1, self.y1, self.what = x0, y0, x1, y1, what

    def overlaps(self, o):
        return (min(self.x1, o.x1) - max(self.x0, o.x0) > SLACK and
                min(self.y1, o.y1) - max(self.y0, o.y0) > SLACK)

    def __str__(self):
        return f"'{self.what}' ({self.x0:.0f},{self.y0:.0f})-({self.x1:.0f},{self.y1:.0f})"


def seg_hits_box(ax, ay, bx, by, b):
    """Whether segment a-b crosses the inside of box b (shrunk by SLACK)."""
    x0, y0, x1, y1 = b.x0 + SLACK, b.y0 + SLACK, b.x1 - SLACK, b.y1 - SLACK
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return False
    return True


def walk(el, ox, oy, attrs, texts, data):
    a = dict(attrs)
    for k in ("font-size", "text-anchor", "font-weight", "font-family"):
        if el.get(k):
            a[k] = el.get(k)
    dx, dy, rot = parse_transform(el.get("transform"))
    tag = local(el.tag)
    cls = (el.get("class") or "").split()
    if tag == "text":
        s = "".join(el.itertext())
        size = float(a.get("font-size", 16))
        font = "mono" if "Mono" in a.get("font-family", "") else \
            "bold" if a.get("font-weight") == "bold" else "normal"
        w = sum(FONTS[font](ch) for ch in s) * size
        x, y = float(el.get("x", 0)), float(el.get("y", 0))
        if not rot:
            x, y = x + dx, y + dy
        anchor = a.get("text-anchor", "start")
        start = {"start": 0, "middle": -w / 2, "end": -w}[anchor]
        if not rot:
            box = Box(ox + x + start, oy + y - ASCENT * size, ox + x + start + w,
                      oy + y + DESCENT * size, s)
        else:  # rotate(-90): along the text is up the page, from the translated origin
            cx, cy = ox + dx, oy + dy
            box = Box(cx + y - ASCENT * size, cy - (x + start + w), cx + y + DESCENT * size,
                      cy - (x + start), s)
        if s.strip():
            texts.append(box)
        return
    if tag == "g" and "series" in cls:
        for p in el.iter():
            t = local(p.tag)
            if t == "path":
                pts = [(float(x), float(y)) for x, y in
                       re.findall(r"(-?[\d.]+)[ ,](-?[\d.]+)", p.get("d", ""))]
                cmds = re.findall(r"[ML]", p.get("d", ""))
                for i in range(1, len(pts)):
                    if cmds[i] == "L":
                        data.append(("line", ox + dx + pts[i - 1][0], oy + dy + pts[i - 1][1],
                                     ox + dx + pts[i][0], oy + dy + pts[i][1]))
            elif t == "circle":
                cx, cy, r = (float(p.get(k)) for k in ("cx", "cy", "r"))
                data.append(("dot", ox + dx + cx - r, oy + dy + cy - r,
                             ox + dx + cx + r, oy + dy + cy + r))
            elif t == "rect":
                x, y = float(p.get("x", 0)), float(p.get("y", 0))
                data.append(("dot", ox + dx + x, oy + dy + y, ox + dx + x + float(p.get("width")),
                             oy + dy + y + float(p.get("height"))))
    for c in el:
        if tag == "g" and "series" in cls and local(c.tag) != "text" and local(c.tag) != "g":
            continue
        walk(c, ox + dx, oy + dy, a, texts, data)


def check(svg, name):
    faults = []
    w, h = float(svg.get("width")), float(svg.get("height"))
    texts, data = [], []
    walk(svg, 0, 0, {"font-family": svg.get("font-family", "")}, texts, data)
    for b in texts:
        if b.what.endswith("\u2026"):
            faults.append(f"{name}: {b} is cut short")
        if b.x0 < -SLACK or b.y0 < -SLACK or b.x1 > w + SLACK or b.y1 > h + SLACK:
            faults.append(f"{name}: {b} leaves the picture ({w:.0f} x {h:.0f})")
    for i, b in enumerate(texts):
        for o in texts[i + 1:]:
            if b.overlaps(o):
                faults.append(f"{name}: {b} overlaps {o}")
        for d in data:
            if d[0] == "line" and seg_hits_box(*d[1:], b) or \
               d[0] == "dot" and b.overlaps(Box(*d[1:], "")):
                faults.append(f"{name}: {b} lies on the data")
                break
    return faults


def main():
    faults = []
    nsvg = 0
    for path in sys.argv[1:]:
        src = open(path, encoding="utf-8", errors="replace").read()
        if path.endswith(".svg"):
            svgs = [ET.fromstring(src.encode())]
        else:
            svgs = [ET.fromstring(m) for m in re.findall(r"<svg .*?</svg>", src, re.S)]
        for k, svg in enumerate(svgs):
            nsvg += 1
            faults += check(svg, f"{os.path.basename(path)}#{k + 1}" if len(svgs) > 1
                            else os.path.basename(path))
    for f in faults:
        print(f)
    if nsvg == 0:
        print("svglayout: no picture in", " ".join(sys.argv[1:]))
        return 1
    return 1 if faults else 0


sys.exit(main())

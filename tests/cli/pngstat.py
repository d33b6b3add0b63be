#!/usr/bin/env python3
"""pngstat.py FILE [TOP_FRACTION]: what a rendered picture holds, for the tests.

Prints one line: WIDTH HEIGHT INK TOP_INK BLUE
  INK      share of pixels unlike the background (the top-left pixel)
  TOP_INK  the same within the top TOP_FRACTION of the rows (default 0.25)
  BLUE     pixels of a blue hue: gpuperf's first series colour, drawn, or
           blended into white by anti-aliasing (its pages have no other
           blue: links are grey)
Only the standard library: a PNG decoder for 8-bit, non-interlaced
grey, RGB and RGBA images, as rsvg-convert and Chromium write them.
"""
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, head = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    w, h, depth, color, _, _, interlace = head
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or interlace or not channels:
        raise SystemExit(f"{path}: depth {depth}, colour type {color}, interlace {interlace}: unsupported")
    raw = zlib.decompress(b"".join(idat))
    stride, bpp = w * channels, channels
    rows, prev = [], bytearray(stride)
    for y in range(h):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return w, h, channels, rows


def main():
    path = sys.argv[1]
    top = float(sys.argv[2]) if len(sys.argv) > 2 else 0.25
    w, h, ch, rows = decode(path)
    rgb = (lambda r, i: (r[i], r[i], r[i])) if ch < 3 else (lambda r, i: (r[i], r[i + 1], r[i + 2]))
    bg = rgb(rows[0], 0)
    ink = top_ink = blue = 0
    top_rows = max(1, int(h * top))
    for y, row in enumerate(rows):
        for i in range(0, w * ch, ch):
            r, g, b = rgb(row, i)
            if abs(r - bg[0]) + abs(g - bg[1]) + abs(b - bg[2]) > 48:
                ink += 1
                top_ink += y < top_rows
            blue += b - r > 60 and b - g > 20
    print(w, h, f"{ink / (w * h):.4f}", f"{top_ink / (w * top_rows):.4f}", blue)


main()

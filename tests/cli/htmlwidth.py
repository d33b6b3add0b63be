#!/usr/bin/env python3
"""htmlwidth.py CHROMIUM PAGE.html WIDTH: what of the page does not fit a WIDTH px viewport.

Opens a copy of PAGE with a probe script added (the page itself has none)
in headless Chromium at WIDTH x 900 px and prints, one a line, each
element wider than the viewport (even inside a box that scrolls), each
whose box reaches past the viewport's right edge without an ancestor that
scrolls or clips it (overflow-x auto, scroll or hidden) inside the
viewport, and "page WIDTH" when the page itself scrolls sideways.
Nothing printed: everything fits.
Exits 2 when Chromium gives no answer.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

PROBE = """<script>
addEventListener('load', () => {
  const vw = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > vw) out.push('page ' + document.documentElement.scrollWidth);
  const clipped = e => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if ((o === 'auto' || o === 'scroll' || o === 'hidden') && a.getBoundingClientRect().right <= vw + 0.5)
        return true;
    }
    return false;
  };
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width > vw + 0.5 || (r.width > 0 && r.right > vw + 0.5 && !clipped(e)))
      out.push(e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : '') +
               ' ' + Math.round(r.left) + '-' + Math.round(r.right) + ' ' +
               (e.textContent || '').trim().slice(0, 60).replace(/\\s+/g, ' '));
  }
  const p = document.createElement('pre');
  p.id = 'htmlwidth';
  p.textContent = JSON.stringify(out);
  document.body.appendChild(p);
});
</script>"""


def main():
    chromium, page, width = sys.argv[1], sys.argv[2], int(sys.argv[3])
    html = open(page, encoding="utf-8").read()
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "probe.html")
        with open(probe, "w", encoding="utf-8") as f:
            f.write(html.replace("</body>", PROBE + "</body>"))
        out = subprocess.run(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=" + os.path.join(d, "profile"),
             "--hide-scrollbars", "--window-size=%d,900" % width, "--virtual-time-budget=5000",
             "--dump-dom", "file://" + probe],
            capture_output=True, text=True, timeout=90).stdout
    m = re.search(r'<pre id="htmlwidth">(.*?)</pre>', out, re.S)
    if not m:
        sys.exit("htmlwidth.py: no answer from Chromium")
    text = m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    for line in json.loads(text):
        print(line)


if __name__ == "__main__":
    main()

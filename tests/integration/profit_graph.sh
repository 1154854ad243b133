#!/usr/bin/env bash
# fpdb.profit_graph renders: the SVG of the demo's player (the sample histories) is a well-formed
# 900 x 500 document whose legend ends at the sums of the stored columns; headless Chromium
# renders it to a PNG (.run/profit_graph.png; the README's docs/profit_graph.png is a copy) in
# which each of the four line colours, the axes and the text are drawn. A blank page fails: the
# same check run on a white page must refuse it.
source "$(dirname "$0")/_lib.sh"

# Chromium (headless) and Pillow for reading the PNG, installed when missing.
need=()
for p in chromium python3-pil; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
PY=/usr/bin/python3 # Debian's, which python3-pil serves

it_start graph 25358
OUT="$ROOT/.run"
SVG="$IT_DIR.graph.svg"
PNG="$OUT/profit_graph.png"

it_psql postgres -c "CREATE DATABASE fpdb"
it_psql fpdb -c "CREATE EXTENSION fpdb"
import_samples fpdb

# The demo's graph: Hero's PokerStars cash hands (US dollars; the samples also hold his mBTC hands
# at Seals With Clubs, which a graph of every room would draw in cents of both currencies).
it_psql fpdb -At -c "SELECT fpdb.profit_graph('Hero', site => 'PokerStars', game_type => 'ring')" >"$SVG"
sums=$(it_psql fpdb -At -F ' ' -c "
  SELECT count(*), to_char(sum(totalProfit) / 100.0, 'FM999999990.00'), to_char(sum(allInEV) / 100.0, 'FM999999990.00')
  FROM fpdb.HandsPlayers hp JOIN fpdb.Players p ON p.id = hp.playerId JOIN fpdb.Gametypes g ON g.id = hp.gametypeId
    JOIN fpdb.Sites s ON s.id = p.siteId
  WHERE p.name = 'Hero' AND g.type = 'ring' AND s.name = 'PokerStars'")
read -r hands net ev <<<"$sums"
check "SVG: root, size, title, legend at the stored sums, y axis in USD" "$("$PY" - "$SVG" "$hands" "$net" "$ev" <<'PY'
import sys, xml.etree.ElementTree as ET
path, hands, net, ev = sys.argv[1:]
root = ET.parse(path).getroot()
texts = [(t.text or "").strip() for t in root.iter("{http://www.w3.org/2000/svg}text")]
fmt = lambda v: v[:-3] if v.endswith(".00") else v
problems = []
if root.tag != "{http://www.w3.org/2000/svg}svg": problems.append("root " + root.tag)
if (root.get("width"), root.get("height")) != ("900", "500"): problems.append("size")
for want in (f"Hero: winnings over {hands} hands", f"net won: {fmt(net)}", f"all-in adjusted: {fmt(ev)}", "hands", "USD"):
    if want not in texts: problems.append("no text " + repr(want))
lines = [p for p in root.iter("{http://www.w3.org/2000/svg}polyline")]
if len(lines) < 5: problems.append(f"{len(lines)} polylines")
print(", ".join(problems) or "ok")
PY
)" "ok"

render() { # render SVG_OR_HTML PNG: headless Chromium, a fresh profile each time
  local profile
  profile=$(mktemp -d)
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size=900,500 \
    --screenshot="$2" "file://$1" >"$IT_DIR.chromium.log" 2>&1 || { tail -5 "$IT_DIR.chromium.log"; }
  rm -rf "$profile"
}

# What a rendered graph must show: the page is 900 x 500, each line colour covers at least 150
# pixels, dark pixels (text, axes) at least 1,500, and at most 95 % of the page is white.
inked() {
  "$PY" - "$1" <<'PY'
import sys
from PIL import Image
img = Image.open(sys.argv[1]).convert("RGB")
if img.size != (900, 500):
    print(f"size {img.size}"); sys.exit()
px = list(img.getdata())
colours = {"net": (0x1a, 0x96, 0x41), "all-in adjusted": (0xf0, 0x8c, 0x00),
           "showdown": (0x2c, 0x7b, 0xb6), "non-showdown": (0xd7, 0x19, 0x1c)}
near = lambda p, c: sum(abs(a - b) for a, b in zip(p, c)) < 60
problems = [f"{name} line missing" for name, c in colours.items() if sum(near(p, c) for p in px) < 150]
if sum(max(p) < 100 for p in px) < 1500: problems.append("no text or axes")
white = sum(min(p) > 245 for p in px) / len(px)
if white > 0.95: problems.append(f"blank ({white:.1%} white)")
print(", ".join(problems) or "ok")
PY
}

rm -f "$PNG"
render "$SVG" "$PNG"
[ -s "$PNG" ] || { echo "FAILED: Chromium wrote no PNG"; exit 1; }
check "PNG rendered by Chromium shows the four lines, text and axes" "$(inked "$PNG")" "ok"

# The check itself refuses a blank page.
printf '<!doctype html><html><body style="background:#fff"></body></html>\n' >"$IT_DIR.blank.html"
render "$IT_DIR.blank.html" "$IT_DIR.blank.png"
got=$(inked "$IT_DIR.blank.png")
check "a blank page is refused" "$([[ $got == *blank* ]] && echo refused || echo "$got")" "refused"
echo "graph: $PNG"

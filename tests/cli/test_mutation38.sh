#!/usr/bin/env bash
# test_mutation38.sh - checks added by the thirty-eighth session's mutation
# pass (helper clm) over src/cli/sim_plot.c (and play.c: `vauban play`
# without a game; cli.c: a state file's 64 MiB limit): the page of plots that
# `vauban sim --svg FILE` draws with PLplot (when the program was built
# with it), never looked at by a test before (test_sim_svg.sh measures the
# plot drawn by hand for `--svg -`). Measured against the run's CSV:
#   - the page: 900 points wide, 300 a panel (one per role and one more);
#   - every filled shape a rectangle (four corners), in one of the three
#     colours (wins green, draws and losses red, rates and lengths blue);
#   - each role's panel in its own place, its title with the win rate and
#     95% Wilson interval, one green bar per bin with wins and one red per
#     bin with losses, stacked, heights in proportion to the counts (the
#     tallest stack of all panels the same scale), bins one score wide;
#   - the last panel: the win rates' bars (heights in proportion to the
#     rates, the frame 0 to 100 exactly) and the game length's bars, with
#     the length's mean and median in its title and a readable axis.
set -u
VB=$(realpath "${1:?usage: test_mutation38.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
unset COLUMNS NO_COLOR
cd "$T" || exit 1

# ---- src/cli/play.c (its second pass): `vauban play` alone asks for the
# game (play.c:759 `argc >= 1` read argv[1], past the arguments); -h is
# --help
expect 1 "M38: play without a game" -- "$VB" play
errhas "which game?"
expect 0 "M38: play -h" -- "$VB" play -h
grep -q '^usage: vauban play' "$T/out" && ok || bad "M38: play -h: $(head -3 "$T/out")"
# --load: the position loaded and said so (:838: never loaded, or a load
# taken for a failure); a file of another game refused, exit 2
"$VB" new molt-soroll --seed 7 >m7.json 2>/dev/null || bad "new molt-soroll"
"$VB" new setge-1714 --seed 3 >sg.json 2>/dev/null || bad "new setge-1714"
printf 'quit\n' | "$VB" play molt-soroll --seed 1 --load m7.json --no-confirm >pl 2>&1 &&
    ok || bad "M38: play --load: exit $? ($(head -3 pl))"
has pl '^loaded m7\.json$' "M38: play --load"
has pl ' - seed 7\. ' "M38: play --load: the loaded game's seed"
printf 'quit\n' | "$VB" play molt-soroll --load sg.json >pl2 2>&1
[ $? -eq 2 ] && ok || bad "M38: play --load of another game's file: not exit 2"
has pl2 "^cannot load: 'sg\.json' is a game of setge-1714$" "M38: play --load of another game's file"
# the referee's card numbers start at 1: "0" is read as a title (:349: card
# number 0 took the entry before the first)
printf '0\nquit\n' | "$VB" play molt-soroll --seed 7 --referee --no-confirm >r0 2>&1
has r0 "^referee> '0' matches [0-9]+ cards" "M38: play --referee: card number 0"
hasnt r0 'New card' "M38: play --referee: card number 0 drew a card"

check() { # GAME N SEED
    "$VB" sim "$1" -n "$2" --seed "$3" --threads 1 --csv "$1.csv" --svg "$1.svg" >"$1.out" 2>&1 ||
        bad "M38: sim $1: $(cat "$1.out")"
    python3 - "$1" "$1.svg" "$1.csv" "$1.out" <<'PY' >"$1.why" && ok || bad "M38: sim $1 --svg FILE: $(cat "$1.why")"
import csv, html, math, re, statistics, sys
game, svgp, csvp, outp = sys.argv[1:5]
svg = open(svgp).read()
rows = list(csv.DictReader(open(csvp)))
roles = [k[len("score_"):] for k in rows[0] if k.startswith("score_")]
nr = len(roles)
errs = []
def err(m):
    errs.append(m)
W, PH = 900, 300
H = PH * (nr + 1)
m = re.search(r'<svg[^>]*width="([\d.]+)pt"[^>]*height="([\d.]+)pt"', svg, re.S)
if not m or (float(m.group(1)), float(m.group(2))) != (W, H):
    err("page %s, not %dx%d" % (m and m.groups(), W, H))
# y from the bottom of the page, as PLplot writes them; panel k from the top
def panel(y):
    return int((H - y) // PH)
GREEN, RED, BLUE = "#2E8B57", "#C0392B", "#4A7AB5"
rects = []
lines = []
for m in re.finditer(r'<polyline(.*?)/>', svg, re.S):
    a = m.group(1)
    pts = [tuple(map(float, p.split(","))) for p in re.search(r'points="([^"]*)"', a).group(1).split()]
    fill = re.search(r'fill="([^"]*)"', a).group(1)
    stroke = re.search(r'stroke="([^"]*)"', a).group(1)
    if fill == "none":
        lines.append((stroke, pts))
        continue
    if fill not in (GREEN, RED, BLUE):
        err("a shape filled %s" % fill)
    xs, ys = sorted(set(p[0] for p in pts)), sorted(set(p[1] for p in pts))
    if len(ys) == 1:  # a rate of 0%: nothing to see (PLplot leaves it open)
        continue
    if len(pts) != 5 or pts[0] != pts[-1] or len(xs) != 2 or len(ys) != 2:
        err("a filled shape not a rectangle: %s" % pts)
        continue
    rects.append((fill, xs[0], xs[1], ys[0], ys[1]))
texts = []
for m in re.finditer(r'<text[^>]*transform="matrix\(([^)]*)\)"[^>]*>\s*<tspan[^>]*>(.*?)</tspan>', svg, re.S):
    t = [float(v) for v in m.group(1).split()]
    texts.append((html.unescape(m.group(2)), t[4], t[5]))
def text_in(k):
    return [t for t in texts if panel(t[2]) == k]
n = len(rows)
def wilson(k):
    z = 1.96; p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0, c - h), min(1, c + h)
# the score bins of the role panels (sim_plot.c's rule): one score wide
# from the lowest score (or 0) to the highest (or 0) when all are whole
# and span at most 80, else 40 bins over that span, the last one holding
# the highest score too
scores = {r: [float(x["score_" + r]) for x in rows] for r in roles}
lo = min(0, min(min(v) for v in scores.values()))
hi = max(0, max(max(v) for v in scores.values()))
if all(v == int(v) for sc in scores.values() for v in sc) and hi - lo <= 80:
    nb, bw, start = int(hi - lo) + 1, 1.0, lo - 0.5
else:
    nb, bw, start = 40, (hi - lo) / 40 if hi > lo else 1.0, lo
def bin_of(v):
    for b in range(nb):
        if start + b * bw <= v and (v < start + (b + 1) * bw or b == nb - 1):
            return b
    err("score %g in no bin" % v)
    return 0
counts = {}
for r in roles:
    c = {}
    for x in rows:
        b = bin_of(float(x["score_" + r]))
        w, l = c.get(b, (0, 0))
        c[b] = (w + 1, l) if x["result_" + r] == "win" else (w, l + 1)
    counts[r] = c
maxc = max(w + l for c in counts.values() for w, l in c.values())
# the scale: the tallest stack of all role panels is maxc games high
tallest = 0
for k in range(nr):
    mine = [q for q in rects if panel((q[3] + q[4]) / 2) == k]
    if mine:
        tallest = max(tallest, max(q[4] for q in mine) - min(q[3] for q in mine))
unit = tallest / maxc
for k, r in enumerate(roles):
    mine = [q for q in rects if panel((q[3] + q[4]) / 2) == k]
    green = sorted((q for q in mine if q[0] == GREEN), key=lambda q: q[1])
    red = sorted((q for q in mine if q[0] == RED), key=lambda q: q[1])
    c = counts[r]
    wb = sorted(b for b, (w, l) in c.items() if w)
    lb = sorted(b for b, (w, l) in c.items() if l)
    if len(green) != len(wb) or len(red) != len(lb) or len(mine) != len(green) + len(red):
        err("%s: %d green and %d red bars (%d shapes), not %d and %d" % (r, len(green), len(red), len(mine), len(wb), len(lb)))
        continue
    base = min(q[3] for q in mine)
    wins = sum(w for w, l in c.values())
    want = "%s: final score of %s (random) - wins %.1f%% [%.1f, %.1f]" % (
        game, r, 100 * wins / n, 100 * wilson(wins)[0], 100 * wilson(wins)[1])
    if want not in [t[0] for t in text_in(k)]:
        err("panel %d: no title \"%s\"" % (k, want))
    # one bin's width in points, from the bars furthest apart
    placed = [(q, b, 0) for q, b in zip(green, wb)] + [(q, b, 1) for q, b in zip(red, lb)]
    mid = lambda q: (q[1] + q[2]) / 2
    first = min(placed, key=lambda x: x[1])
    last = max(placed, key=lambda x: x[1])
    bw = (mid(last[0]) - mid(first[0])) / (last[1] - first[1]) if last[1] > first[1] else (first[0][2] - first[0][1]) / 0.9
    if abs((first[0][2] - first[0][1]) - 0.9 * bw) > 0.2:
        err("%s: a bar %.2f wide in bins %.2f wide" % (r, first[0][2] - first[0][1], bw))
    for q, b, which in placed:
        if abs(mid(q) - mid(first[0]) - (b - first[1]) * bw) > 0.2:
            err("%s: a bar of bin %d at %.2f, not %.2f" % (r, b, mid(q), mid(first[0]) + (b - first[1]) * bw))
        if 1:
            w, l = c[b]
            lo_want, hi_want = (0, w) if which == 0 else (w, w + l)
            if abs(q[3] - base - lo_want * unit) > 0.2 or abs(q[4] - base - hi_want * unit) > 0.2:
                err("%s: the bar of bin %d from %.2f to %.2f, not %.2f to %.2f" % (
                    r, b, q[3] - base, q[4] - base, lo_want * unit, hi_want * unit))
# the last panel: rates on the left half, lengths on the right
last = [q for q in rects if panel((q[3] + q[4]) / 2) == nr]
rates = sorted((q for q in last if q[2] <= W / 2), key=lambda q: q[1])
lens = sorted((q for q in last if q[1] >= W / 2), key=lambda q: q[1])
tl = [t for t in text_in(nr)]
for want in ("win rate per role", "wins (%) with 95% interval"):
    if want not in [t[0] for t in tl]:
        err("no \"%s\" in the last panel" % want)
ylab = {t[0]: t[2] for t in tl if t[1] < W / 2 and re.fullmatch(r"\d+", t[0])}
if sorted(ylab, key=int) != ["0", "25", "50", "75", "100"]:
    err("the rates' axis labels %s" % sorted(ylab, key=int))
else:
    per = (ylab["100"] - ylab["0"]) / 100
    blk = [p for s, pts in lines if s == "#000000" for p in pts if p[0] < W / 2 and panel(p[1]) == nr]
    top, bot = max(p[1] for p in blk), min(p[1] for p in blk)
    if abs((top - bot) - 100 * per) > 0.2:
        err("the rates' frame %.2f high, not 100%%'s %.2f" % (top - bot, 100 * per))
    wins = {r: sum(1 for x in rows if x["result_" + r] == "win") for r in roles}
    shown = [r for r in roles if wins[r]]
    if len(rates) != len(shown):
        err("%d rate bars, not %d" % (len(rates), len(shown)))
    for q, r in zip(rates, shown):
        if abs((q[4] - q[3]) - 100 * wins[r] / n * per) > 0.2:
            err("%s: rate bar %.2f high, not %.2f" % (r, q[4] - q[3], 100 * wins[r] / n * per))
        # the role's name centred under its bar (sim_plot.c:158, `k + 0.5`
        # as `k - 0.5` put each name half a bar's slot to the left, M48)
        under = [t for t in tl if t[0] == r and t[1] < W / 2]
        if under and abs(under[0][1] - (q[1] + q[2]) / 2) > 0.5:
            err("M48: %s named at x %.2f, its bar's middle at %.2f" % (r, under[0][1], (q[1] + q[2]) / 2))
    for k, r in enumerate(roles):
        if not any(t[0] == r and t[1] < W / 2 for t in tl):
            err("no %s under the rates" % r)
# lengths: turns, bins one turn wide
turns = [int(x["turns"]) for x in rows]
lc = {}
for t in turns:
    lc[t] = lc.get(t, 0) + 1
if len(lens) != len(lc):
    err("%d length bars, not %d (turns %s)" % (len(lens), len(lc), sorted(lc.items())))
else:
    base = min(q[3] for q in lens)
    u = max(q[4] - q[3] for q in lens) / max(lc.values())
    for q, (t, c) in zip(lens, sorted(lc.items())):
        if abs(q[3] - base) > 0.2 or abs((q[4] - q[3]) - c * u) > 0.2:
            err("length %d: a bar from %.2f to %.2f, not 0 to %.2f" % (t, q[3] - base, q[4] - base, c * u))
want = "game length: mean %.1f, median %g" % (statistics.mean(turns), statistics.median(turns))
if want not in [t[0] for t in tl]:
    err("no \"%s\"" % want)
# the count axis of the lengths has minor ticks between its labelled ones,
# as every axis of the page (PLplot's own choice): short ticks on its left
left = min(p[0] for s_, pts in lines for p in pts if p[0] > W / 2 and panel(p[1]) == nr)
ticks = [abs(pts[1][0] - pts[0][0]) for s_, pts in lines if s_ == "#000000" and len(pts) == 2
         and pts[0][1] == pts[1][1] and min(pts[0][0], pts[1][0]) == left and panel(pts[0][1]) == nr]
major = max([t for t in ticks if t < 50] or [0])
if not any(0 < t < major * 0.75 for t in ticks):
    err("the lengths' count axis has no minor ticks (ticks %s)" % sorted(set(ticks)))
xlab = [t for t in tl if t[1] > W / 2 and re.fullmatch(r"\d+", t[0])]
if not 2 <= len(xlab) <= 12:
    err("%d labels on the length axes" % len(xlab))
# every text in one sans-serif face (sim_plot.c:104, plfont(1) as
# plfont(2) drew the page in a serif face, M48)
faces = set(re.findall(r'font-family="([^"]*)"', svg))
if faces != {"sans-serif"}:
    err("M48: the texts' faces %s, not sans-serif alone" % sorted(faces))
print("; ".join(errs))
sys.exit(1 if errs else 0)
PY
}

# ---- src/cli/cli.c: a state file holds at most 64 MiB (CLI_MAX_JSON); the
# buffer used to double past it, so files up to 128 MiB were read whole.
# A real position padded with spaces to exactly 64 MiB is read; one byte
# more is refused in one line, exit 2 (the lead, after clm's pass).
"$VB" new setge-1714 --seed 3 >pad.json 2>/dev/null || bad "new setge-1714"
pad_to() { # FILE BYTES: pad.json followed by spaces up to BYTES in all
    { cat pad.json; head -c $(($2 - $(wc -c <pad.json))) /dev/zero | tr '\0' ' '; } >"$1"
}
pad_to max.json $((64 << 20))
expect 0 "M38: a state file of exactly 64 MiB" -- "$VB" show max.json
pad_to over.json $(((64 << 20) + 1))
expect 2 "M38: a state file of 64 MiB and one byte" -- "$VB" show over.json
errhas "too large for a state file"
rm -f max.json over.json

# The hand-drawn plot only: nothing to check here.
if ! "$VB" sim molt-soroll -n 2 --svg p0.svg >/dev/null 2>&1 || ! grep -q 'PLplot\|<polyline' p0.svg; then
    echo "built without PLplot: skipped"
    finish test_mutation38; exit
fi

check setge-1714 40 3
check molt-soroll 60 5
# scores from -64 to 46: 40 bins, the highest score (46, one game) in the
# last one (it was in none: sim_plot.c's bins were [a, b) to the last)
check molt-soroll 3000 1
finish test_mutation38

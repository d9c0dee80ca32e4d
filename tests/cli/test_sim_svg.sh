#!/usr/bin/env bash
# test_sim_svg.sh - `vauban sim --svg -`, the score plot drawn by hand in
# src/cli/cmd_sim.c (a file name goes to PLplot when it is installed; the
# standard output always gets this one), measured rather than looked at:
# the run's CSV is the truth, and for each role's panel
#   - one bar per bin with wins (green) or draws and losses (red), each
#     bar's count that of the CSV's games in its bin with that result,
#     every game in some bar, the red bar stacked on the green one;
#   - a bar's height its count's share of the tallest bin, labelled at
#     the top of the y axis (the tallest stack reaches it);
#   - one scale for bars, zero line and ticks: a value v at x = zero +
#     v * (bar width / 0.9) / (bin width), bars and ticks inside the axis,
#     ticks at whole scores, none twice, the first and last at the lowest
#     and highest score shown (zero included);
#   - the axes; the title's games, win rate, its 95% interval (the
#     summary's, rounded) and mean score.
set -u
VB=${1:?usage: test_sim_svg.sh path/to/vauban}
. "$(dirname "$0")/lib.sh"

check() { # GAME ARGS...: run, then measure the plot against the CSV
    local g=$1
    shift
    "$VB" sim "$g" "$@" --csv "$T/$g.csv" --svg - >"$T/$g.out" 2>"$T/$g.err" ||
        bad "sim $g $*: $(cat "$T/$g.err")"
    python3 - "$T/$g.out" "$T/$g.csv" <<'PY' >"$T/$g.why" && ok || bad "sim $g --svg: $(cat "$T/$g.why")"
import csv, math, re, sys
out = open(sys.argv[1]).read()
rows = list(csv.DictReader(open(sys.argv[2])))
summary, svg = out.split("<svg", 1)
L, R, W, PH, T, B = 64, 24, 760, 230, 44, 44
base_off, ph = PH - B, PH - T - B
roles = [k[len("score_"):] for k in rows[0] if k.startswith("score_")]
errs = []
def err(m):
    errs.append(m)
def near(a, b, tol=0.11):
    return abs(a - b) <= tol
m = re.match(r' xmlns="[^"]*" width="(\d+)" height="(\d+)"', svg)
if not m or int(m.group(1)) != W or int(m.group(2)) != PH * len(roles):
    err("size %s for %d roles" % (m and m.groups(), len(roles)))
scores = {r: [float(x["score_" + r]) for x in rows] for r in roles}
lo_all = min(0, min(min(v) for v in scores.values()))
hi_all = max(0, max(max(v) for v in scores.values()))
for k, r in enumerate(roles):
    y0 = PH * k
    base = y0 + base_off
    sec = [l for l in svg.split("\n") if (m := re.search(r' y1?="([\d.]+)"', l)) and y0 <= float(m.group(1)) < y0 + PH]
    text = "\n".join(sec)
    t = re.search(r'final score of %s \((\w+)\)</text>' % r, text)
    if not t:
        err("%s: no title" % r)
    wins = sum(x["result_" + r] == "win" for x in rows)
    n = len(rows)
    sm = re.search(r"^%s: .*\n  wins +(\d+) +[\d.]+%%  \[ *([\d.]+)%%, *([\d.]+)%%\]" % r, summary, re.M)
    head = re.search(r">(\d+) games; wins ([\d.]+)% \[([\d.]+)%, ([\d.]+)%\]; mean score (-?[\d.]+)<", text)
    if not sm or not head:
        err("%s: no summary or no plot heading" % r)
        continue
    if int(head.group(1)) != n or not near(float(head.group(2)), 100.0 * wins / n, 0.051):
        err("%s: heading %s, CSV %d games %d wins" % (r, head.group(0), n, wins))
    if not near(float(head.group(3)), float(sm.group(2)), 0.051) or not near(float(head.group(4)), float(sm.group(3)), 0.051):
        err("%s: interval %s, summary [%s, %s]" % (r, head.group(0), sm.group(2), sm.group(3)))
    if not near(float(head.group(5)), sum(scores[r]) / n, 0.0051):
        err("%s: mean %s" % (r, head.group(5)))
    zl = re.search(r'<line x1="([\d.]+)" y1="(\d+)" x2="([\d.]+)" y2="(\d+)" stroke="#555"', text)
    xa = re.search(r'<line x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)" stroke="black"/>\n<line x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)" stroke="black"', text)
    if not zl or not xa:
        err("%s: no axes or zero line" % r)
        continue
    if [int(v) for v in xa.groups()] != [L, base, W - R, base, L, y0 + T, L, base]:
        err("%s: axes %s" % (r, xa.groups()))
    zx = float(zl.group(1))
    if zl.group(1) != zl.group(3) or int(zl.group(2)) != y0 + T - 4 or int(zl.group(4)) != base + 4:
        err("%s: zero line %s" % (r, zl.groups()))
    top = re.search(r'<text x="%d" y="%d" text-anchor="end">(\d+)</text>' % (L - 4, y0 + T + 4), text)
    if not top or not re.search(r'<text x="%d" y="%d" text-anchor="end">0</text>' % (L - 4, base + 4), text):
        err("%s: no y-axis labels" % r)
        continue
    maxc = int(top.group(1))
    bars = [(float(a), float(b), float(c), float(d), e, float(f), float(g), int(h), i) for a, b, c, d, e, f, g, h, i in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="(#\w+)"><title>(-?[\d.]+) to (-?[\d.]+): (\d+) (wins|draws or losses)</title>', text)]
    if not bars:
        err("%s: no bars" % r)
        continue
    bw = bars[0][6] - bars[0][5]
    # the bins: one per whole score while the scores are whole and span at
    # most 80 (zero included), else forty bins across the span
    whole = all(v == int(v) for q in roles for v in scores[q]) and hi_all - lo_all <= 80
    if not near(bw, 1 if whole else (hi_all - lo_all) / 40, 0.011):
        err("%s: bins %g wide for scores %g to %g" % (r, bw, lo_all, hi_all))
    first = lo_all - 0.5 if whole else lo_all
    nbins = int(hi_all - lo_all) + 1 if whole else 40
    def bin_of(v):  # the bin of a score; the last bin holds its upper end
        return min(int(math.floor((v - first) / bw + 1e-9)), nbins - 1)
    def binned(q):
        c = {}
        for v in scores[q]:
            c[bin_of(v)] = c.get(bin_of(v), 0) + 1
        return c
    # a bin's width in pixels: the axis's width shared by the bins (the
    # printed positions are rounded to 0.1, too coarse to measure it from
    # two bars a few bins apart)
    bxw = (W - R - L) / nbins
    green = {}
    seen = {"wins": 0, "draws or losses": 0}
    tallest = 0
    for x, y, w, h, fill, a, b, c, kind in bars:
        won = kind == "wins"
        if fill != ("#2e8b57" if won else "#c0392b"):
            err("%s: %s bar filled %s" % (r, kind, fill))
        want = sum(bin_of(s) == round((a - first) / bw) and (x_["result_" + r] == "win") == won for s, x_ in zip(scores[r], rows))
        if c != want:
            err("%s: bar %g to %g says %d %s, the CSV %d" % (r, a, b, c, kind, want))
        seen[kind] += c
        if not near(b - a, bw, 1e-9) or not near(w, 0.9 * bxw, 0.06):
            err("%s: bar %g to %g of another width" % (r, a, b))
        if not near(x, zx + a * bxw / bw, 0.15):
            err("%s: bar %g to %g at x %.1f, the zero line at %.1f" % (r, a, b, x, zx))
        if x < L - 0.05 or x + w > W - R + 0.05:
            err("%s: bar %g to %g outside the axis" % (r, a, b))
        if not near(h, ph * c / maxc, 0.051):
            err("%s: bar %g to %g of height %.1f for %d of %d" % (r, a, b, h, c, maxc))
        under = 0 if won else green.get(a, 0)
        if not near(y + h, base - under, 0.11):
            err("%s: bar %g to %g from y %.1f to %.1f, under it %.1f" % (r, a, b, y, y + h, under))
        if won:
            green[a] = h
        tallest = max(tallest, h + under)
    if seen["wins"] != wins or seen["draws or losses"] != n - wins:
        err("%s: bars count %s of %d games, %d wins" % (r, seen, n, wins))
    bins = binned(r)
    if maxc != max(max(binned(q).values()) for q in roles):
        err("%s: top label %d" % (r, maxc))
    if not near(tallest, ph * max(bins.values()) / maxc, 0.15):
        err("%s: tallest stack %.1f" % (r, tallest))
    ticks = [(float(a), float(v)) for a, v in re.findall(r'<text x="([\d.]+)" y="%d" text-anchor="middle">(-?\d+)</text>' % (base + 16), text)]
    vals = [v for _, v in ticks]
    if bw == 1:
        if len(ticks) < 2 or len(set(vals)) != len(vals) or vals != sorted(vals):
            err("%s: ticks %s" % (r, vals))
        elif vals[0] != lo_all or vals[-1] != hi_all:
            err("%s: ticks %s, scores %g to %g" % (r, vals, lo_all, hi_all))
    for x, v in ticks:
        if bw == 1 and not near(x, zx + v * bxw / bw, 0.15):
            err("%s: tick %g at x %.1f, the zero line at %.1f" % (r, v, x, zx))
        if x < L - 0.05 or x > W - R + 0.05:
            err("%s: tick %g outside the axis" % (r, v))
print("; ".join(errs[:6]))
sys.exit(1 if errs else 0)
PY
}

# Two roles, both winning some games (stacked bars), scores above zero.
check setge-1714 -n 30 --seed 4
# One role, every score below zero: the zero line at the right end.
check molt-soroll -n 50 --seed 1
# The first role's scores above zero, the second's below it.
check roi-soleil -n 20 --seed 4
# Whole scores on both sides of zero spanning 90 (-63 to 27): forty bins of
# 2.25, not one per score (cmd_sim.c:372, `hi - lo <= 80` -> `hi + lo`).
check molt-soroll -n 60 --seed 2

# Two games of different scores: each bar one game high, the count axis
# topped at 1 (M49, cmd_sim.c:366, the axis's least top `maxc = 1` -> `2`:
# the axis read 2 and every bar half its height).
check setge-1714 -n 2 --seed 4

# Three games, two of them at the lowest score (-57, -47, -57): the first
# bin is the tallest, and the count axis is topped at its 2 (M54,
# cmd_sim.c:393, the tallest bin sought from `b = 1`: the axis read 1 and
# the first bar rose twice its height).
check molt-soroll -n 3 --seed 9

finish test_sim_svg

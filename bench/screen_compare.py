#!/usr/bin/env python3
"""screen_compare.py - the Franco-Spanish wins / draws / losses of screen
logs (bench/screen_piacenza.sh) with the 95% Wilson interval of the wins,
victories on objectives and conditional draws, and, game by game against
the first log (the same game seeds), the games gained and lost with a
two-sided sign test (thirty-sixth session, helper pcw).

    bench/screen_compare.py BASE.log [CAND.log ...] [--au]

--au counts the Austrian result instead (y 0 a win)."""
import math
import re
import sys


def games(path):
    out = {}
    for line in open(path):
        m = re.match(r"game (\d+): y ([0-9.]+), \d+ positions, (.*)", line)
        if m:
            out[int(m.group(1))] = (float(m.group(2)), m.group(3).strip())
    return out


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def sign_p(a, b):
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    p = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * p)


def main():
    au = "--au" in sys.argv
    paths = [a for a in sys.argv[1:] if a != "--au"]
    base = games(paths[0])
    for path in paths:
        g = games(path)
        win = lambda y: (y == 0) if au else (y == 1)
        loss = lambda y: (y == 1) if au else (y == 0)
        w = sum(win(y) for y, _ in g.values())
        l_ = sum(loss(y) for y, _ in g.values())
        n = len(g)
        obj = sum("objectives occupied" in v and win(y) for y, v in g.values())
        cd_lost = sum("Conditional" in v and loss(y) for y, v in g.values())
        lo, hi = wilson(w, n)
        common = sorted(set(g) & set(base))
        gained = sum(win(g[i][0]) and not win(base[i][0]) for i in common)
        lost = sum(win(base[i][0]) and not win(g[i][0]) for i in common)
        bw = sum(win(base[i][0]) for i in common)
        cw = sum(win(g[i][0]) for i in common)
        print(f"{path}: {w} / {n - w - l_} / {l_} of {n}, wins {100 * w / max(n, 1):.1f}% "
              f"[{lo:.1f}, {hi:.1f}]; on objectives {obj}, conditional draws lost {cd_lost}; "
              f"the {len(common)} games in common: {cw} against {bw}, "
              f"{gained} gained, {lost} lost, sign test p {sign_p(gained, lost):.2f}")


main()

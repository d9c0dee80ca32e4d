#!/usr/bin/env python3
"""Fit an evaluation's weights to game outcomes (logistic regression).

Input: a CSV file with a header line
    game,y,NAME1,NAME2,...
one row per recorded position: the game it comes from, the outcome of that
game for the side the evaluation speaks for (1 won, 0 lost, 0.5 drawn), and
the evaluation's terms in that position. Output: for each term its weight w
and the intercept b such that P(won) = 1 / (1 + exp(-(b + sum w * term))),
so the evaluation tanh((b + sum w * term) / 2) lies in (-1, 1) and maps to
that probability by (v + 1) / 2. Every fifth game (game id mod 5 == 0) is
held out: the log-loss and the share of decided games called right are
printed for the held-out games under the fitted weights and, with --given,
under weights given on the command line (the evaluation as it stands), so
that the fit is judged on games it did not see.

    bench/fit_eval.py positions.csv [--l2 L] [--given b,w1,w2,...] [--fix NAME=W]...

--fix holds a term's weight at W (not fitted): the others are fitted
around it, e.g. to keep a term the search relies on at its weight while
recalibrating the rest.

Newton's method on the mean log-loss plus L2 * sum w^2 (the intercept not
penalised); the terms are few, so the normal equations are solved by
Gaussian elimination. Plain Python: no package needed.
"""
import argparse
import csv
import math
import sys


def solve(a, b):
    """Solve a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            raise ValueError("singular system: a term is constant or a copy of another")
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def sigmoid(z):
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    e = math.exp(z)
    return e / (1 + e)


def loss(rows, w):
    """Mean log-loss and the share of decided games' positions called right."""
    total, right, decided = 0.0, 0, 0
    for x, y, _ in rows:
        p = min(max(sigmoid(sum(wi * xi for wi, xi in zip(w, x))), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
        if y != 0.5:
            decided += 1
            right += (p > 0.5) == (y > 0.5)
    return total / len(rows), right / decided if decided else float("nan")


def fit(rows, k, l2, fixed):
    """Newton's method; the weights of the terms in fixed (index: weight,
    the intercept 0) are held, so their rows' sum is an offset."""
    w = [fixed.get(i, 0.0) for i in range(k)]
    free = [i for i in range(k) if i not in fixed]
    rows = [([x[i] for i in free], y, sum(v * x[i] for i, v in fixed.items())) for x, y, _ in rows]
    wf = [w[i] for i in free]
    k = len(free)
    for _ in range(50):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for x, y, off in rows:
            p = sigmoid(off + sum(wi * xi for wi, xi in zip(wf, x)))
            for i in range(k):
                g[i] += (p - y) * x[i]
                for j in range(k):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        n = len(rows)
        for i in range(k):
            g[i] = g[i] / n + (2 * l2 * wf[i] if free[i] else 0)
            for j in range(k):
                h[i][j] /= n
            if free[i]:
                h[i][i] += 2 * l2
        step = solve(h, g)
        wf = [wi - si for wi, si in zip(wf, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    for i, v in zip(free, wf):
        w[i] = v
    return w


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--given", help="b,w1,w2,... to compare with")
    ap.add_argument("--fix", action="append", default=[], help="NAME=W: hold that weight")
    a = ap.parse_args()
    with open(a.csv, newline="") as f:
        r = csv.reader(f)
        head = next(r)
        if len(head) < 3 or head[0] != "game" or head[1] != "y":
            sys.exit("fit_eval: the header must be game,y,TERM...")
        names = head[2:]
        fixed = {}
        for f in a.fix:
            n, _, v = f.partition("=")
            if n not in names:
                sys.exit(f"fit_eval: --fix {f}: no term {n}")
            fixed[1 + names.index(n)] = float(v)
        train, held = [], []
        for line, row in enumerate(r, 2):
            if len(row) != len(head):
                sys.exit(f"fit_eval: line {line} has {len(row)} fields, not {len(head)}")
            y = float(row[1])
            if y not in (0.0, 0.5, 1.0):
                sys.exit(f"fit_eval: line {line}: y must be 0, 0.5 or 1")
            x = [1.0] + [float(v) for v in row[2:]]
            (held if int(row[0]) % 5 == 0 else train).append((x, y, 0))
    if not train or not held:
        sys.exit("fit_eval: need positions from at least five games")
    w = fit(train, len(names) + 1, a.l2, fixed)
    print(f"positions: {len(train)} fitted, {len(held)} held out")
    print(f"intercept {w[0]:+.4f}")
    for i, (n, wi) in enumerate(zip(names, w[1:]), 1):
        print(f"{n:>24} {wi:+.4f}" + (" (held)" if i in fixed else ""))
    ll, acc = loss(held, w)
    print(f"held out, fitted: log-loss {ll:.4f}, decided games called right {acc:.3f}")
    if a.given:
        gw = [float(v) for v in a.given.split(",")]
        if len(gw) != len(w):
            sys.exit(f"fit_eval: --given needs {len(w)} numbers (intercept first)")
        ll, acc = loss(held, gw)
        print(f"held out, given:  log-loss {ll:.4f}, decided games called right {acc:.3f}")
    base = sum(y for _, y, _ in held) / len(held)
    base = min(max(base, 1e-12), 1 - 1e-12)
    ll0 = -sum(y * math.log(base) + (1 - y) * math.log(1 - base) for _, y, _ in held) / len(held)
    print(f"held out, the base rate alone: log-loss {ll0:.4f}")


if __name__ == "__main__":
    main()

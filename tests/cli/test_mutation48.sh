#!/usr/bin/env bash
# test_mutation48.sh - checks of the command line added by the forty-eighth
# session's seed-48 mutation pass (the lead; docs/core.md "Mutation pass,
# forty-eighth session (the lead)"); messages "M48:". No random game.
set -u
VB=$(realpath "${1:?usage: test_mutation48.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
export COLUMNS=100
cd "$T" || exit 1

# ---- analyze's exact odds name the three likeliest classes, then how many
# more (play_advice.c:37, `i < 3` -> `i < 4`: a fourth class printed before
# ", 1 more"). Setge 1714, seed 7, edited: four Two Crowns units of the
# right moved to Fusina at the combat phase; their salvo on the four
# defenders of Pla de Palau (rule 11.2, a die each, a 6 kills) has four
# classes, 0 to 3 defenders eliminated (vauban odds lists them all).
"$VB" new setge-1714 --seed 7 >new.json 2>/dev/null
python3 - new.json salvo.json <<'PY' || bad "M48: the salvo position not written"
import json, sys
s = json.load(open(sys.argv[1]))
s.pop("history", None)
st = s["state"]
st["phase"] = "combat"
movers = st["zones"]["Right Two Crowns"][:4]
st["zones"]["Right Two Crowns"] = st["zones"]["Right Two Crowns"][4:]
st["zones"]["Fusina"] = movers
json.dump(s, open(sys.argv[2], "w"))
PY
"$VB" odds setge-1714 --state salvo.json salvo Fusina onto Pla-de-Palau >odds 2>&1
[ "$(grep -c 'eliminated$' odds)" -eq 4 ] && ok ||
    bad "M48: the salvo's odds: expected four classes: $(cat odds)"
"$VB" analyze salvo.json -n 100 --games 2 --top 20 >an 2>&1
# the salvo's entry, its wrapped lines joined
awk '/^ +[0-9]+\. /{p = /salvo Fusina onto Pla-de-Palau/} p' an | tr -s ' \n' ' ' >salvo
grep -q 'exact odds: 0 defenders eliminated 48.2%, 1 defender eliminated 38.6%, 2 defenders eliminated 11.6%, 1 more' salvo && ok ||
    bad "M48: analyze's odds of the salvo: expected the three likeliest classes and '1 more': $(cat salvo)"
[ "$(grep -o 'eliminated' salvo | wc -l)" -eq 3 ] && ok ||
    bad "M48: analyze's odds of the salvo: not three classes: $(cat salvo)"

# ---- `vauban sim --svg FILE` (PLplot) when no game was played: every game
# cut at --max-decisions 2. The win-rate bars have no height (sim_plot.c:149,
# a rate of 0 games as 1: bars of 1%) and the lengths' count axis runs from 0
# to 1 as the score panels' do (sim_plot.c:167, the tallest bar's start 1 as
# 0: an axis from -1 to 1, negative game counts). Skipped without PLplot.
if "$VB" sim setge-1714 -n 3 --max-decisions 2 --svg cut.svg >cut.out 2>&1 &&
    grep -q '<polyline' cut.svg 2>/dev/null; then
    grep -q '^  3 games cut at 2 decisions' cut.out && ok || bad "M48: sim, all cut: $(head -3 cut.out)"
    python3 - cut.svg <<'PY' >cut.why && ok || bad "M48: sim --svg of no game played: $(cat cut.why)"
import html, re, sys
svg = open(sys.argv[1]).read()
errs = []
for m in re.finditer(r'<polyline(.*?)/>', svg, re.S):
    a = m.group(1)
    if 'fill="#4A7AB5"' in a:  # rates and lengths
        ys = set(float(p.split(",")[1]) for p in re.search(r'points="([^"]*)"', a).group(1).split())
        if len(ys) > 1:
            errs.append("a bar with a height: %s" % " ".join(sorted(map(str, ys))))
texts = [(html.unescape(m.group(2)), [float(v) for v in m.group(1).split()])
         for m in re.finditer(r'<text[^>]*transform="matrix\(([^)]*)\)"[^>]*>\s*<tspan[^>]*>(.*?)</tspan>', svg, re.S)]
# the lengths' count axis: labels at the left of the last panel's right half
counts = sorted(float(t) for t, m in texts if 450 < m[4] < 550 and m[5] < 300 and re.fullmatch(r"-?[\d.]+", t))
if not counts or counts[0] != 0 or counts[-1] != 1:
    errs.append("the lengths' count axis %s, not 0 to 1" % counts)
print("; ".join(errs))
sys.exit(1 if errs else 0)
PY
else
    echo "sim --svg FILE without PLplot: skipped"
fi

# ---- `vauban sim` stopped by SIGINT (Ctrl-C): the games stop and the
# summary of those finished is printed, exit 0 (sim.c:215, the watch's
# `done >= n` as `<=`: the watching loop left at once, the stop flag never
# read, so the run went on to the end of its block of 4,096 games, the
# command's check between blocks the only stop, M48). 100,000 games of
# Setge take minutes (a few ms each); the signal comes after half a
# second, some hundreds of games in.
timeout -s KILL 60 "$VB" sim setge-1714 -n 100000 --threads 1 --seed 5 >int.out 2>int.err &
pid=$!
sleep 0.5
kill -INT "$pid"
t0=$(date +%s)
wait "$pid"
rc=$?
t1=$(date +%s)
[ "$rc" -eq 0 ] && [ $((t1 - t0)) -le 20 ] && ok ||
    bad "M48: sim after SIGINT: exit $rc after $((t1 - t0)) s: $(tail -2 int.err)"
n=$(sed -n 's/^vauban sim: interrupted; summary of the \([0-9]*\) games finished$/\1/p' int.err)
[ -n "$n" ] && [ "$n" -lt 4096 ] && grep -q "^setge-1714 .*: $n games played of 100000" int.out && ok ||
    bad "M48: sim after SIGINT: no summary of the games finished: $(cat int.err; head -2 int.out)"

finish test_mutation48

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

finish test_mutation48

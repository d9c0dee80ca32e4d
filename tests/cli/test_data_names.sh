#!/usr/bin/env bash
# test_data_names.sh - names in a game's data files (read through
# VAUBAN_DATA) are how players, state files and actions name things, so a
# name the engine would misread is refused when the data are loaded, in
# one line, exit 2, and nothing is played:
#  - a scenario name that another scenario already answers to (names are
#    matched as `--scenario` matches them: case and accents folded), or an
#    empty one, could never be chosen (every game; checked in
#    src/core/registry.c);
#  - a name longer than the game keeps would be cut and then answer to
#    another name or to none (Siege scenarios, Roi Soleil zones, states,
#    boxes, generals and scenarios, Piacenza places, terrain, wings,
#    leaders, units and scenarios, Setge zones, convents, breaches, unit
#    types, units and cards, Molt soroll fronts, boxes, track boxes,
#    tokens, cards, events, lands and labels);
#  - Setge's ninth breach (it was read as a breach line belonging to no
#    breach) and thirteenth unit type (it was dropped, and its units then
#    called of an unknown type).
# The data copied unchanged load.
set -u
VB=${1:?usage: test_data_names.sh path/to/vauban}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
DATA="$(dirname "$0")/../../data"
LONG=abcdefghijklmnopqrstuvwxyz-abcdefghijklmnopqrstuvwxyz

# edit GAME FILE PYTHON: a copy of GAME's data in $T/case with FILE edited
# by PYTHON (d is the file's JSON), then `vauban new GAME` under it must
# fail with exit 2 and one line holding MESSAGE.
n=0
refused() {
    local game=$1 file=$2 code=$3 msg=$4
    n=$((n + 1))
    local dir="$T/case$n"
    mkdir -p "$dir" && cp -r "$DATA/$game" "$dir/"
    python3 - "$dir/$game/$file" "$code" <<'PY' || { bad "case $n: cannot edit"; return; }
import json, sys
p, code = sys.argv[1], sys.argv[2]
d = json.load(open(p))
exec(code)
json.dump(d, open(p, "w"), indent=1)
PY
    VAUBAN_DATA="$dir" "$VB" new "$game" >"$T/out" 2>"$T/err"
    local rc=$?
    [ $rc -eq 2 ] || bad "$game $file ($code): exit $rc, not 2"
    [ -s "$T/out" ] && bad "$game $file ($code): a state was written"
    [ "$(wc -l <"$T/err")" -eq 1 ] || bad "$game $file ($code): not one line: $(cat "$T/err")"
    grep -qF -- "$msg" "$T/err" || bad "$game $file ($code): message: $(cat "$T/err")"
}

for game in siege-18c roi-soleil piacenza-1746 setge-1714 molt-soroll; do
    mkdir -p "$T/ok-$game" && cp -r "$DATA/$game" "$T/ok-$game/"
    VAUBAN_DATA="$T/ok-$game" "$VB" new "$game" >/dev/null 2>"$T/err" ||
        bad "$game: the data copied unchanged: $(cat "$T/err")"
done

# Scenario names that could never be chosen
refused siege-18c fortress.json 'd["scenarios"][2]["name"] = "Two-Fronts"' \
    "siege-18c: scenario 'Two-Fronts' named twice (scenarios 2 and 3)"
refused siege-18c fortress.json 'd["scenarios"][1]["name"] = ""' \
    "siege-18c: scenario 2 has no name"
# the first scenario too (the fiftieth session's registry.c:102, the check
# from scenario 1 on, let an empty first name load)
refused siege-18c fortress.json 'd["scenarios"][0]["name"] = ""' \
    "siege-18c: scenario 1 has no name"
refused roi-soleil scenarios.json 'd["scenarios"][4]["id"] = "devolution"' \
    "roi-soleil: scenario 'devolution' named twice (scenarios 1 and 5)"
refused roi-soleil scenarios.json 'd["scenarios"][3]["id"] = "Hólland"' \
    "roi-soleil: scenario 'Hólland' named twice (scenarios 3 and 4)"
refused piacenza-1746 forces-centre.json 'd["scenarios"][0]["name"] = "BATTLE"' \
    "piacenza-1746: scenario 'BATTLE' named twice (scenarios 1 and 3)"

# Names longer than the game keeps
refused siege-18c fortress.json "d['scenarios'][0]['name'] = '$LONG'" \
    "fortress.json: scenario name 'abcdefghijklmnopqrst...' longer than 23 characters"
refused roi-soleil scenarios.json "d['scenarios'][0]['id'] = '$LONG'" \
    "scenarios.json: name 'abcdefghijklmnopqrst...' longer than 39 characters"
refused roi-soleil map.json "d['zones'][0]['name'] = '$LONG'" \
    "longer than 39 characters"
refused roi-soleil forces.json "d['generals'][0]['name'] = '$LONG'" \
    "longer than 39 characters"
refused piacenza-1746 forces-battle.json "d['units'][0]['name'] = '$LONG'" \
    "name 'abcdefghijklmnopqrst...' longer than 39 characters"
refused piacenza-1746 forces-battle.json "d['scenarios'][0]['name'] = '$LONG'" \
    "forces.json: scenarios[0]: name 'abcdefghijklmnopqrst...' longer than 39 characters"
refused piacenza-1746 map-battle.json "d['places'][0]['name'] = '$LONG'" \
    "longer than 39 characters"

refused setge-1714 map.json "d['zones'][0]['name'] = '$LONG'" \
    "longer than 47 characters"
refused setge-1714 forces.json "d['units'][0]['name'] = '$LONG'" \
    "forces.json: unit '$LONG': name 'abcdefghijklmnopqrst...' longer than 47 characters"
refused setge-1714 game.json "d['cards'][0]['id'] = '$LONG'" \
    "game.json: card 0: name 'abcdefghijklmnopqrst...' longer than 47 characters"
refused molt-soroll cards.json "d['cards'][0]['id'] = '$LONG'" \
    "cards.json card 0: 'abcdefghijklmnopqrst...' longer than"
refused molt-soroll map.json "d['tokens'][0]['name'] = '$LONG'" \
    "map.json token 0: 'abcdefghijklmnopqrst...' longer than"

# Setge's limits: 8 breaches, 12 unit types
refused setge-1714 map.json "$(
    cat <<'PY'
plain = [x for x in d["sides"] if x["line"] == "none"][:2]
for k, x in enumerate(plain):
    x["line"] = "breach"
    x["breach"] = "New breach %d" % k
PY
)" "too many breaches (max 8)"
refused setge-1714 forces.json "$(
    cat <<'PY'
for k in range(4):
    d["types"]["extra%d" % k] = d["types"]["regulars"]
PY
)" "forces.json: too many unit types (max 12)"

# A name just short enough is kept whole and chosen by it
mkdir -p "$T/fit" && cp -r "$DATA/siege-18c" "$T/fit/"
python3 - "$T/fit/siege-18c/fortress.json" <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
d["scenarios"][1]["name"] = "a-twenty-three-letters-"
json.dump(d, open(p, "w"), indent=1)
PY
VAUBAN_DATA="$T/fit" "$VB" new siege-18c --scenario a-twenty-three-letters- >"$T/s.json" 2>"$T/err" ||
    bad "a scenario name of 23 characters: $(cat "$T/err")"
grep -q '"a-twenty-three-letters-"' "$T/s.json" || bad "the 23-character name not in the state"

[ "$fail" -eq 0 ] || exit 1
echo "ok: $n data files refused with their names, the unchanged and fitting data read"

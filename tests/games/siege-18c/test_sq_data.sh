#!/usr/bin/env bash
# test_sq_data.sh - siege-18c's data (data/siege-18c/fortress.json) read
# through VAUBAN_DATA: the lines of the glacis (counterscarp, crest, glacis
# foot) are read as y over x (sq_line_y), so each must run with x strictly
# increasing; one that turns back is refused in one line naming the
# scenario, the line and the point, and nothing is played. The same data
# copied unchanged are read.
set -u
VB=${1:?usage: test_sq_data.sh path/to/vauban}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
SRC="$(dirname "$0")/../../../data/siege-18c"

mkdir -p "$T/ok" && cp -r "$SRC" "$T/ok/"
VAUBAN_DATA="$T/ok" "$VB" new siege-18c --scenario two-fronts >"$T/s.json" 2>"$T/err" ||
    bad "the data copied unchanged: $(cat "$T/err")"

# swap the x of the 3rd and 4th points of a line of the two-fronts scenario
for line in counterscarp crest glacis_foot; do
    mkdir -p "$T/$line" && cp -r "$SRC" "$T/$line/"
    # prints the 4th point's x and the 3rd's, after the swap
    python3 - "$T/$line/siege-18c/fortress.json" "$line" >"$T/xs" <<'PY' || bad "$line: cannot edit"
import json, sys
p, key = sys.argv[1], sys.argv[2]
d = json.load(open(p))
sc = [s for s in d["scenarios"] if s["name"] == "two-fronts"][0]
v = sc[key]
v[2][0], v[3][0] = v[3][0], v[2][0]
json.dump(d, open(p, "w"), indent=1)
print(v[3][0], v[2][0])
PY
    xs=$(cat "$T/xs")
    VAUBAN_DATA="$T/$line" "$VB" new siege-18c --scenario two-fronts >"$T/out" 2>"$T/err"
    rc=$?
    [ $rc -eq 2 ] || bad "$line turning back: exit $rc, not 2"
    [ "$(wc -l <"$T/err")" -eq 1 ] || bad "$line: not one line: $(cat "$T/err")"
    grep -qF "fortress.json two-fronts: '$line' must run with x increasing (point 4 at x ${xs% *}, after x ${xs#* })" "$T/err" ||
        bad "$line: message: $(cat "$T/err")"
    [ -s "$T/out" ] && bad "$line: a state was written"
done

# a point repeated (x equal, not increasing) is refused too
mkdir -p "$T/rep" && cp -r "$SRC" "$T/rep/"
python3 - "$T/rep/siege-18c/fortress.json" <<'PY' || bad "rep: cannot edit"
import json, sys
p = sys.argv[1]
d = json.load(open(p))
v = d["scenarios"][0]["crest"]
v[1][0] = v[2][0]
json.dump(d, open(p, "w"), indent=1)
PY
VAUBAN_DATA="$T/rep" "$VB" new siege-18c >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "'crest' must run with x increasing (point 3" "$T/err" ||
    bad "equal x: $(cat "$T/err")"

# The reader's other checks, each on a copy with one value edited (the
# twenty-seventh session's seed-27 mutation pass over sq_data.c): a value at
# the edge of its range is read, one past it is refused in one line naming
# the file and the rule, and nothing is played. edit NAME FILE CODE WANT MSG:
# CODE edits d (the file's JSON); WANT 0 (read) or 2 (refused with MSG).
edit() {
    local name=$1 file=$2 code=$3 want=$4 msg=${5:-}
    mkdir -p "$T/$name" && cp -r "$SRC" "$T/$name/"
    python3 - "$T/$name/siege-18c/$file" "$code" <<'PY' || bad "$name: cannot edit"
import copy, json, sys
p = sys.argv[1]
d = json.load(open(p))
exec(sys.argv[2])
json.dump(d, open(p, "w"), indent=1)
PY
    VAUBAN_DATA="$T/$name" "$VB" new siege-18c >"$T/out" 2>"$T/err"
    local rc=$?
    if [ "$want" -eq 0 ]; then
        if [ $rc -ne 0 ] || [ ! -s "$T/out" ]; then
            bad "$name: not read: exit $rc: $(cat "$T/err")"
        fi
        return
    fi
    [ $rc -eq 2 ] || bad "$name: exit $rc, not 2"
    [ "$(wc -l <"$T/err")" -eq 1 ] || bad "$name: not one line: $(cat "$T/err")"
    grep -qF -- "$msg" "$T/err" || bad "$name: message: $(cat "$T/err")"
    [ -s "$T/out" ] && bad "$name: a state was written"
}
W0='d["scenarios"][0]["works"]'
# a face's bearing is 0-35999 (hundredths of a degree)
edit face-35999 fortress.json "${W0}[0][\"faces\"][0] = 35999" 0
edit face-36000 fortress.json "${W0}[0][\"faces\"][0] = 36000" 2 \
    "fortress.json one-front: work 'Bastion-A': faces are 0-35999"
# a work named as the first work is refused, as one named as a later one
edit twice-first fortress.json "${W0}[1][\"name\"] = ${W0}[0][\"name\"]" 2 \
    "fortress.json one-front: work name 'Bastion-A' too long or twice"
# a point is [x, y]: a third number is refused
edit point-of-three fortress.json "${W0}[0][\"middle\"].append(0)" 2 \
    "fortress.json one-front: a point must be [x, y] in 1/100 inch"
# at most three scenarios (the state's table holds three)
edit four-scenarios fortress.json \
    's = copy.deepcopy(d["scenarios"][0]); s["name"] = "four"; d["scenarios"].append(s)' 2 \
    "fortress.json: 1 to 3 scenarios"
# game.json's ranges, each edge read: the star die from 1, a mine's days up
# to 20 (21 refused), a parallel with no medium gun
edit star-die-1 game.json 'd["fire_table"]["star_die"] = 1' 0
edit mine-days-20 game.json 'd["mines"]["mine_days"] = 20' 0
edit mine-days-21 game.json 'd["mines"]["mine_days"] = 21' 2 \
    'game.json: "mine_days" is 21, must be 1-20'
edit no-medium game.json 'd["trenches"]["capacity_parallel_medium"] = 0' 0
# a weapon not among the five is refused
edit cannon game.json 'd["weapons"][0]["weapon"] = "cannon"' 2 \
    "game.json: weapon 'cannon' unknown or with 1-4 bands"

# the thirtieth session's seed-30 pass over sq_data.c: each range's edges
# (read at the edge, refused one past it) and a unit's type and side each
# checked alone
edit join-reach-1 game.json 'd["trenches"]["join_reach"] = 1' 0
edit join-reach-0 game.json 'd["trenches"]["join_reach"] = 0' 2 \
    'game.json: "join_reach" is 0, must be 1-5000'
edit counter-reach-5000 game.json 'd["mines"]["counter_reach"] = 5000' 0
edit counter-reach-5001 game.json 'd["mines"]["counter_reach"] = 5001' 2 \
    'game.json: "counter_reach" is 5001, must be 1-5000'
edit capacity-sap-9 game.json 'd["trenches"]["capacity_sap"] = 9' 0
edit capacity-sap-10 game.json 'd["trenches"]["capacity_sap"] = 10' 2 \
    'game.json: "capacity_sap" is 10, must be 1-9'
edit battery-offset-5000 game.json 'd["trenches"]["battery_offset"] = 5000' 0
edit battery-offset-5001 game.json 'd["trenches"]["battery_offset"] = 5001' 2 \
    'game.json: "battery_offset" is 5001, must be 10-5000'
edit bastion-foot-9 game.json 'd["capacity"]["bastion_foot"] = 9' 0
edit bastion-foot-10 game.json 'd["capacity"]["bastion_foot"] = 10' 2 \
    'game.json: "bastion_foot" is 10, must be 0-9'
edit strength-100 game.json 'd["works"]["strength"] = 100' 0
edit strength-101 game.json 'd["works"]["strength"] = 101' 2 \
    'game.json: "strength" is 101, must be 1-100'
edit mine-damage-100 game.json 'd["mines"]["mine_damage"] = 100' 0
edit mine-damage-101 game.json 'd["mines"]["mine_damage"] = 101' 2 \
    'game.json: "mine_damage" is 101, must be 1-100'
edit cinc-adjacent-6 game.json 'd["morale"]["cinc_adjacent"] = 6' 0
edit cinc-adjacent-7 game.json 'd["morale"]["cinc_adjacent"] = 7' 2 \
    'game.json: "cinc_adjacent" is 7, must be 0-6'
edit counter-reach-1 game.json 'd["mines"]["counter_reach"] = 1' 0
edit counter-reach-0 game.json 'd["mines"]["counter_reach"] = 0' 2 \
    'game.json: "counter_reach" is 0, must be 1-5000'
edit attack-base--6 game.json 'd["attack"]["base"] = -6' 0
edit attack-base--7 game.json 'd["attack"]["base"] = -7' 2 \
    'game.json: "base" is -7, must be -6-12'
U0='d["scenarios"][0]["units"]'
edit unit-type fortress.json "${U0}[0][\"type\"] = \"hussar\"" 2 \
    "fortress.json one-front: unit 'Heavy-A1': bad type or side"
edit unit-side fortress.json "${U0}[0][\"side\"] = \"neutral\"" 2 \
    "fortress.json one-front: unit 'Heavy-A1': bad type or side"

# the thirty-sixth session's seed-36 pass over sq_data.c (helper sqm): more
# range edges read (and one past refused), and a work of three points
edit curtain-guns-9 game.json 'd["capacity"]["curtain_guns"] = 9' 0
edit curtain-guns-10 game.json 'd["capacity"]["curtain_guns"] = 10' 2 \
    'game.json: "curtain_guns" is 10, must be 0-9'
edit ravelin-guns-0 game.json 'd["capacity"]["ravelin_guns"] = 0' 0
edit ravelin-guns--1 game.json 'd["capacity"]["ravelin_guns"] = -1' 2 \
    'game.json: "ravelin_guns" is -1, must be 0-9'
edit subsequent-6 game.json 'd["attack"]["subsequent"] = 6' 0
edit subsequent-7 game.json 'd["attack"]["subsequent"] = 7' 2 \
    'game.json: "subsequent" is 7, must be -6-6'
edit battery-length-5000 game.json 'd["trenches"]["battery_length"] = 5000' 0
edit battery-length-5001 game.json 'd["trenches"]["battery_length"] = 5001' 2 \
    'game.json: "battery_length" is 5001, must be 10-5000'
edit width-12000 fortress.json 'd["scenarios"][0]["width"] = 12000' 0
edit width-12001 fortress.json 'd["scenarios"][0]["width"] = 12001' 2 \
    '"width" is 12001, must be 1000-12000'
edit capacity-battery-1 game.json 'd["trenches"]["capacity_battery"] = 1' 0
edit capacity-battery-0 game.json 'd["trenches"]["capacity_battery"] = 0' 2 \
    'game.json: "capacity_battery" is 0, must be 1-9'
# at least one scenario; a point's x and y each within -2000-20000
edit no-scenarios fortress.json 'd["scenarios"] = []' 2 "fortress.json: 1 to 3 scenarios"
edit point-x-20001 fortress.json "${W0}[0][\"middle\"][0] = 20001" 2 \
    "fortress.json one-front: point off the table"
edit point-y--2001 fortress.json "${W0}[0][\"middle\"][1] = -2001" 2 \
    "fortress.json one-front: point off the table"
# Curtain-1 as a triangle around its middle (2158, 650): read; of two points: refused
edit work-of-three fortress.json "${W0}[3][\"poly\"] = [[1720, 800], [2597, 800], [2158, 500]]" 0
edit work-of-two fortress.json "${W0}[3][\"poly\"] = [[1720, 800], [2597, 800]]" 2 \
    "fortress.json one-front: work 'Curtain-1' needs a polygon and 1-2 faces"

# the forty-first session's seed-41 pass over sq_data.c (helper sqz): the
# upper edges of four ranges read, one past each refused (a star die of 7
# faces, covered-way artillery shifted 5 columns, the assault's flank and
# shaken-target modifiers of 7; the star die's 7, the shift's 4 and the
# modifiers' 6 were read or refused wrongly by survivors of the pass)
edit star-die-7 game.json 'd["fire_table"]["star_die"] = 7' 2 \
    'game.json: "star_die" is 7, must be 1-6'
edit cw-battery-4 game.json 'd["shifts"]["covered_way_battery"] = 4' 0
edit cw-battery-5 game.json 'd["shifts"]["covered_way_battery"] = 5' 2 \
    'game.json: "covered_way_battery" is 5, must be 0-4'
edit flank-friend-6 game.json 'd["attack"]["flank_friend"] = 6' 0
edit flank-friend-7 game.json 'd["attack"]["flank_friend"] = 7' 2 \
    'game.json: "flank_friend" is 7, must be -6-6'
edit target-shaken-6 game.json 'd["attack"]["target_shaken"] = 6' 0
edit target-shaken-7 game.json 'd["attack"]["target_shaken"] = 7' 2 \
    'game.json: "target_shaken" is 7, must be -6-6'

# the forty-fourth session's seed-44 pass over sq_data.c (helper sqo): the
# lower edge of the assault's CinC-attached modifier (the printed -2 in
# game.json) read at -6 and refused at -7 (a survivor read -7)
edit attack-cinc-attached--6 game.json 'd["attack"]["cinc_attached"] = -6' 0
edit attack-cinc-attached--7 game.json 'd["attack"]["cinc_attached"] = -7' 2 \
    'game.json: "cinc_attached" is -7, must be -6-6'
# and a point's edges read: x and y of -2000 and of 20000 (one past each
# refused above: point-x-20001, point-y--2001; survivors refused x -2000
# and x 20000)
edit point-x--2000 fortress.json "${W0}[0][\"middle\"][0] = -2000" 0
edit point-x-20000 fortress.json "${W0}[0][\"middle\"][0] = 20000" 0
edit point-y--2000 fortress.json "${W0}[0][\"middle\"][1] = -2000" 0
edit point-y-20000 fortress.json "${W0}[0][\"middle\"][1] = 20000" 0
# and a scenario's units, 2 to 80 (the state's table): one-front cut to its
# first unit refused, to two read; three-fronts (76) with four copies of
# its last unit read, with five refused (a survivor read both ends)
edit one-unit fortress.json "${U0} = ${U0}[:1]" 2 "fortress.json one-front: 2 to 80 units"
edit two-units fortress.json "${U0} = ${U0}[:2]" 0
U2='d["scenarios"][2]["units"]'
X="[dict(copy.deepcopy(${U2}[-1]), name='Extra-%d' % i) for i in range"
edit eighty-units fortress.json "${U2} += ${X}(4)]" 0
edit eighty-one-units fortress.json "${U2} += ${X}(5)]" 2 "fortress.json three-fronts: 2 to 80 units"

# Formations and deployment, Defender: "Heavy guns and mortars must be
# placed in a bastion and cannot be moved during the game." No shipped
# scenario gives the garrison a mortar, so a copy of one-front makes
# Heavy-A2 a mortar and removes Heavy-B2 (Bastion-B then has room for a
# gun): ordered in the defender's movement, the mortar may only hold, while
# Medium-A may move (thirtieth session, helper sqb: the mortar dropped from
# the test in `can_move_to`, sq_move.c, survived every other test).
mkdir -p "$T/mortar" && cp -r "$SRC" "$T/mortar/"
python3 - "$T/mortar/siege-18c/fortress.json" <<'PY' || bad "mortar: cannot edit"
import json, sys
p = sys.argv[1]
d = json.load(open(p))
sc = [s for s in d["scenarios"] if s["name"] == "one-front"][0]
[u for u in sc["units"] if u["name"] == "Heavy-A2"][0]["type"] = "mortar"
sc["units"] = [u for u in sc["units"] if u["name"] != "Heavy-B2"]
json.dump(d, open(p, "w"), indent=1)
PY
export VAUBAN_DATA="$T/mortar"
if "$VB" new siege-18c --scenario one-front >"$T/m0.json" 2>"$T/err" &&
    "$VB" apply "$T/m0.json" end-movement >"$T/m1.json" 2>"$T/err"; then
    "$VB" apply "$T/m1.json" "order Heavy-A2" 2>/dev/null | "$VB" actions - >"$T/ma" 2>"$T/err"
    grep -q '"hold Heavy-A2"' "$T/ma" || bad "mortar: not ordered: $(cat "$T/err")"
    grep -q '"move Heavy-A2' "$T/ma" && bad "the garrison's mortar may move"
    "$VB" apply "$T/m1.json" "order Medium-A" 2>/dev/null | "$VB" actions - >"$T/ma" 2>"$T/err"
    grep -q '"move Medium-A to ' "$T/ma" || bad "mortar: Medium-A offered no move"
else
    bad "mortar: $(cat "$T/err")"
fi
unset VAUBAN_DATA

[ $fail -eq 0 ] && echo "test_sq_data: all passed"
exit $fail

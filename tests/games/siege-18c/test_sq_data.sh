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
    python3 - "$T/$line/siege-18c/fortress.json" "$line" <<'PY' || bad "$line: cannot edit"
import json, sys
p, key = sys.argv[1], sys.argv[2]
d = json.load(open(p))
sc = [s for s in d["scenarios"] if s["name"] == "two-fronts"][0]
v = sc[key]
v[2][0], v[3][0] = v[3][0], v[2][0]
json.dump(d, open(p, "w"), indent=1)
PY
    VAUBAN_DATA="$T/$line" "$VB" new siege-18c --scenario two-fronts >"$T/out" 2>"$T/err"
    rc=$?
    [ $rc -eq 2 ] || bad "$line turning back: exit $rc, not 2"
    [ "$(wc -l <"$T/err")" -eq 1 ] || bad "$line: not one line: $(cat "$T/err")"
    grep -q "fortress.json two-fronts: '$line' must run with x increasing (point 4 at x " "$T/err" ||
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

[ $fail -eq 0 ] && echo "test_sq_data: all passed"
exit $fail

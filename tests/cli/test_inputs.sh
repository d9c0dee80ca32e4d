#!/usr/bin/env bash
# test_inputs.sh - hostile and careless inputs (issue 8) and the views of
# the contract's second edition, end to end through `vauban`: every bad
# input gets exit 1 (usage) or 2 (input) with one line naming the problem
# and nothing on standard output; views never show seed or generator.
set -u
VB=${1:?usage: test_inputs.sh path/to/vauban}
. "$(dirname "$0")/lib.sh"

"$VB" new molt-soroll --seed 7 >"$T/m.json" 2>/dev/null
"$VB" new setge-1714 --seed 7 --scenario 4p >"$T/s.json" 2>/dev/null

# ---- numbers (one strict parser) ----
expect 2 "seed -1" -- "$VB" new molt-soroll --seed -1
expect 2 "seed overflow" -- "$VB" new molt-soroll --seed 18446744073709551616
expect 2 "seed with blank" -- "$VB" new molt-soroll --seed " 5"
expect 2 "option 2^32+1" -- "$VB" new setge-1714 --option events=4294967297
errhas "out of range"
expect 2 "option not a number" -- "$VB" new setge-1714 --option events=x
expect 2 "dice -1" -- "$VB" apply "$T/m.json" 1 --dice -1
expect 2 "dice empty" -- "$VB" apply "$T/m.json" 1 --dice ""
expect 2 "dice trailing comma" -- "$VB" apply "$T/m.json" 1 --dice 3,
expect 2 "+1 is not action 1" -- "$VB" apply "$T/m.json" +1
expect 2 "' 1' is not action 1" -- "$VB" apply "$T/m.json" " 1"
expect 2 "sim -n not a number" -- "$VB" sim molt-soroll -n 1e3
expect 2 "sim -n 0 (no games)" -- "$VB" sim molt-soroll -n 0
expect 2 "sim threads 0" -- "$VB" sim molt-soroll -n 1 --threads 0
expect 1 "sim without -n" -- "$VB" sim molt-soroll --seed 3
errhas "how many games"
expect 2 "sim max-decisions 0" -- "$VB" sim molt-soroll -n 1 --max-decisions 0
errhas "max-decisions"
expect 2 "sim max-decisions not a number" -- "$VB" sim molt-soroll -n 1 --max-decisions 5x
expect 2 "sim option out of range" -- "$VB" sim setge-1714 -n 1 --option events=7
errhas "out of range"
expect 2 "odds max-states" -- "$VB" odds molt-soroll --max-states -5 offensive Napols

# a flag given twice is refused, as a key twice in a state file: the
# second used to win silently (`show --as bourbon --as catalan`)
"$VB" new setge-1714 --seed 1 >"$T/s1.json" 2>/dev/null
expect 1 "show --as twice" -- "$VB" show "$T/s1.json" --as bourbon --as catalan
errhas "given twice"
expect 1 "show --at twice" -- "$VB" show "$T/s1.json" --at 0 --at 0
expect 1 "analyze --as twice" -- "$VB" analyze "$T/s1.json" --as bourbon --as bourbon
expect 1 "option twice" -- "$VB" new setge-1714 --option events=1 --option events=0
errhas "option 'events' given twice"
expect 1 "seed twice" -- "$VB" new setge-1714 --seed 1 --seed 2
expect 1 "scenario twice" -- "$VB" new setge-1714 --scenario 2p --scenario 3p
expect 1 "sim policy twice" -- "$VB" sim setge-1714 -n 1 --policy bourbon=random --policy bourbon=greedy
expect 1 "play ai twice" -- "$VB" play setge-1714 --ai bourbon=random --ai bourbon=greedy

# ---- state files ----
sed 's/"seed": "7"/"seed": "-1"/' "$T/m.json" >"$T/x.json"
expect 2 "seed -1 in a file" -- "$VB" show "$T/x.json"
python3 - "$T/m.json" "$T/x.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["rng"][0] = "1" + j["rng"][0]
json.dump(j, open(sys.argv[2], "w"))
PY
expect 2 "rng word of 17 digits" -- "$VB" show "$T/x.json"
errhas "16 hexadecimal digits"
python3 - "$T/s.json" "$T/x.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["options"]["events"] = 4294967297
json.dump(j, open(sys.argv[2], "w"))
PY
expect 2 "option 2^32+1 in a file" -- "$VB" show "$T/x.json"
python3 - "$T/m.json" "$T/x.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["extended"] = "yes"
json.dump(j, open(sys.argv[2], "w"))
PY
expect 2 "unknown top-level key" -- "$VB" show "$T/x.json"
errhas "unknown key 'extended'"
expect 2 "a directory" -- "$VB" show "$T"
errhas "is a directory"
expect 2 "/dev/null" -- "$VB" show /dev/null
errhas "is empty"
printf 'move\033[31m red' >"$T/ctl"
expect 2 "control characters escaped" -- "$VB" apply "$T/m.json" "$(cat "$T/ctl")"
grep -q $'\033' "$T/err" && bad "raw escape character echoed" || ok

# every option of every game, in every combination, survives apply and replay
for opts in "" "--option events=0" "--option deploy=1" "--option events=0 --option deploy=1"; do
    # shellcheck disable=SC2086
    "$VB" new setge-1714 --seed 3 $opts >"$T/o.json" 2>/dev/null
    expect 0 "apply with options '$opts'" -- "$VB" apply "$T/o.json" 1
    cp "$T/out" "$T/o2.json"
    for kv in ${opts//--option/}; do
        k=${kv%=*} v=${kv#*=}
        grep -q "\"$k\": $v" "$T/o2.json" && ok || bad "option $kv lost after apply"
    done
    expect 0 "replay with options '$opts'" -- "$VB" replay "$T/o2.json"
done

# a history that does not lead to the stored state is refused everywhere
python3 - "$T/o2.json" "$T/x.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["decisions"] = j["decisions"] + 5
json.dump(j, open(sys.argv[2], "w"))
PY
for c in actions show; do
    expect 2 "$c: history that does not replay" -- "$VB" $c "$T/x.json"
    errhas "does not"
done
expect 2 "apply: history that does not replay" -- "$VB" apply "$T/x.json" 1
# without its history the same file is a position, and loads
python3 - "$T/o2.json" "$T/x.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); del j["history"]
json.dump(j, open(sys.argv[2], "w"))
PY
expect 0 "a position without history" -- "$VB" actions "$T/x.json"
# "to_move" naming another role than the position's is refused, with or
# without the history, and names both
for keep in 1 0; do
    python3 - "$T/o2.json" "$T/x.json" "$keep" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["to_move"] = "bourbon" if j["to_move"] != "bourbon" else "catalan"
if sys.argv[3] == "0":
    del j["history"]
json.dump(j, open(sys.argv[2], "w"))
PY
    expect 2 "a wrong to_move (history $keep)" -- "$VB" actions "$T/x.json"
    errhas '"to_move" is'
done

# records know their data: another data set refuses the record
mkdir -p "$T/data"
cp -r "$(dirname "$0")/../../data/setge-1714" "$T/data/"
sed -i 's/"last_turn": 12/"last_turn": 11/' "$T/data/setge-1714/game.json"
VAUBAN_DATA="$T/data" "$VB" replay "$T/o2.json" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q "other data" "$T/err" && ok || bad "replay under other data: $(cat "$T/err")"
VAUBAN_DATA="$(dirname "$0")/../../data" "$VB" replay "$T/o2.json" >/dev/null 2>&1 && ok ||
    bad "replay under the same data copied to disk failed"

# a broken data file of a game whose tables are allocated before it is read:
# one line, and what was loaded is freed (LeakSanitizer in the ASan build)
cp -r "$(dirname "$0")/../../data/roi-soleil" "$T/data/"
sed -i '0,/"tc": [0-9]*/s//"tc": 1000000000/' "$T/data/roi-soleil/forces.json"
VAUBAN_DATA="$T/data" expect 2 "a general's TC out of range in the data" -- "$VB" new roi-soleil
errhas '"tc" is 1000000000'
for c in "sim roi-soleil -n 1" "odds roi-soleil combat 5 3"; do
    # shellcheck disable=SC2086
    VAUBAN_DATA="$T/data" expect 2 "$c with the broken data: bad input" -- "$VB" $c
done

# a JSON value that is not an object: named as such, not as a missing key
echo '[1, 2]' >"$T/array.json"
for c in show actions; do
    expect 2 "$c of a JSON array" -- "$VB" $c "$T/array.json"
    errhas "expected a JSON object"
done
expect 2 "replay of a JSON array" -- "$VB" replay "$T/array.json"
errhas "record: expected a JSON object"

# an odds word given twice is refused, not read as its last value
expect 1 "odds: a word given twice" -- "$VB" odds roi-soleil combat 5 3 att-cav=3 att-cav=4
errhas "'att-cav' given twice"
expect 1 "odds: effort given twice" -- "$VB" odds roi-soleil siege 5 3 effort effort
errhas "'effort' given twice"

# ---- views ----
for role in bourbon catalan spanish catalan-right; do
    expect 0 "show --as $role --json" -- "$VB" show "$T/s.json" --as "$role" --json
    outlacks '"seed"'
    outlacks '"rng"'
    grep -q "\"view\": \"$role\"" "$T/out" && ok || bad "view of $role not named"
    for w in $(python3 -c "import json,sys;print(' '.join(json.load(open(sys.argv[1]))['rng']))" "$T/s.json"); do
        outlacks "$w"
    done
    expect 0 "show --as $role" -- "$VB" show "$T/s.json" --as "$role"
done
expect 1 "show --as unknown role" -- "$VB" show "$T/s.json" --as nobody
"$VB" show --help | grep -q -- "--svg" && ok || bad "show --help does not mention --svg"
for g in m s; do
    "$VB" show "$T/$g.json" --svg "$T/b.svg" >/dev/null 2>"$T/err"
    case $? in
    0) grep -q "data-ref=" "$T/b.svg" && ! grep -qi "<script" "$T/b.svg" && ok ||
        bad "svg board of $g without data-ref or with a script" ;;
    1) errhas "no SVG board" ;;
    *) bad "show --svg $g: $(cat "$T/err")" ;;
    esac
done

# ---- sim: outputs checked before the first game ----
expect 2 "sim unwritable csv" -- "$VB" sim molt-soroll -n 100000 --csv "$T/no/such/dir/x.csv"
errhas "No such file or directory"
expect 2 "sim unwritable json" -- "$VB" sim molt-soroll -n 100000 --json "$T/no/x.json"
expect 2 "sim unwritable svg" -- "$VB" sim molt-soroll -n 100000 --svg "$T/no/x.svg"
# memory does not grow with -n: a huge run under a small address space,
# stopped by Ctrl-C, still prints its summary (skipped under ASan)
if ! ldd "$VB" | grep -q asan; then
    (
        ulimit -v 600000
        timeout --foreground -s INT 3 "$VB" sim molt-soroll -n 100000000 >"$T/big.out" 2>"$T/big.err"
    )
    grep -q "games played of 100000000" "$T/big.out" && ok ||
        bad "sim -n 100000000: $(head -c 300 "$T/big.err")"
fi

finish test_inputs

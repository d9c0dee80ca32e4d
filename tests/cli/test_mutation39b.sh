#!/usr/bin/env bash
# test_mutation39b.sh - checks of the `vauban` command's entry
# (src/cli/main.c) and of the registry (src/core/registry.c) added by
# the thirty-ninth session's second mutation pass (helper sqd, docs/core.md
# "Mutation pass, thirty-ninth session, second round (helper sqd)");
# messages "M39:". Positions built here, no random game. Each block names
# the mutants it kills.
set -u
VB=$(realpath "${1:?usage: test_mutation39b.sh path/to/vauban}")
DATA=$(cd "$(dirname "$0")/../../data" && pwd)
. "$(dirname "$0")/lib.sh"
unset COLUMNS NO_COLOR
cd "$T" || exit 1
# the last expect's stderr holds TEXT, as it is (no regex)
errline() { grep -qF -- "$1" "$T/err" && ok || bad "M39: $2: no '$1' in: $(head -c 600 "$T/err")"; }

# ---- `vauban list`: a game whose sides hold several roles lists its sides
# (main.c:42 `nsides < nroles` -> `>`: the line never printed; :44 `sd <
# nsides` -> `>`: the line printed without a side)
expect 0 "M39: list" -- "$VB" list
has "$T/out" '^  sides: bourbon \(bourbon spanish\) catalan \(catalan catalan-right\)$' \
    "M39: list: setge-1714's sides"
# the games whose every side is one role have no sides line
[ "$(grep -c '^  sides:' "$T/out")" -eq 1 ] && ok || bad "M39: list: one sides line only"
# each scenario's roles, the second scenario's too (registry.c:141
# `scenario < 0` -> `> 0` in vb_scenario_roles: every scenario past the
# first without a role)
has "$T/out" '^    2p \(default\): bourbon catalan$' "M39: list: setge-1714's 2p roles"
has "$T/out" '^    3p: bourbon catalan spanish$' "M39: list: setge-1714's 3p roles"

# ---- an option no game knows is refused, naming it, for a game with
# options and for one without (registry.c:192 `i < noptions` -> `<=`: the
# entry past the game's list of options read as one)
expect 2 "M39: new setge-1714 --option nosuch=1" -- "$VB" new setge-1714 --option nosuch=1
errline "unknown option 'nosuch' for setge-1714" "an unknown option"
expect 2 "M39: new molt-soroll --option nosuch=1" -- "$VB" new molt-soroll --option nosuch=1
errline "unknown option 'nosuch' for molt-soroll" "an unknown option"

# ---- the data fingerprint of a state file is taken over the data files'
# bytes: a copy of data/ (VAUBAN_DATA) whose one file gains a blank at its
# end gives another fingerprint, an exact copy the same as the built-in
# data (registry.c:37 FNV-1a's loop `i < n` -> `>`: every fingerprint the
# same, a state file played with other data loaded without a word)
cp -r "$DATA" same && cp -r "$DATA" other || bad "M39: copy data/"
printf ' ' >>other/setge-1714/game.json
fp() { python3 -c 'import json,sys; print(json.load(sys.stdin)["data"])'; }
f0=$("$VB" new setge-1714 --seed 1 2>/dev/null | fp)
f1=$(VAUBAN_DATA=$T/same "$VB" new setge-1714 --seed 1 2>/dev/null | fp)
f2=$(VAUBAN_DATA=$T/other "$VB" new setge-1714 --seed 1 2>/dev/null | fp)
[ -n "$f0" ] && [ "$f0" = "$f1" ] && ok || bad "M39: fingerprint of the same data: '$f0', '$f1'"
[ -n "$f2" ] && [ "$f2" != "$f0" ] && ok || bad "M39: fingerprint of other data: '$f2', as the built-in '$f0'"
VAUBAN_DATA=$T/other "$VB" new setge-1714 --seed 1 >o.json 2>/dev/null || bad "M39: new with other data"
expect 2 "M39: a state file of other data" -- "$VB" actions o.json
errline "played with other data" "a state file of other data"

# ---- `vauban apply`'s log is the referee's: every line, also those that
# the first role may not read (main.c:216 the log buffer's role -1 -> 0:
# only what france may read). Roi Soleil closed (seed 3): france's three
# markers taken face down, then the coalition's first one; each camp
# reads its own marker, the other "a marker, face down".
"$VB" new roi-soleil --option closed=1 --seed 3 >r.json 2>/dev/null || bad "M39: new roi-soleil"
expect 0 "M39: apply seven decisions" -- "$VB" apply r.json 1 1 1 1 1 1 1
errline "[9] france takes a battle marker" "apply's log"
errline "[9] france takes a marker, face down (1)" "apply's log"
errline "[9] coalition takes a battle marker" "apply's log"
errline "[9] coalition takes a marker, face down (1)" "apply's log"

# ---- --dice values used are not "left unused" (main.c:270 `ndice - used`
# -> `+`: a die given and used reported as two left over): the third
# decision rolls france's cabinet strategy, D6 5 given.
expect 0 "M39: apply with one die, used" -- "$VB" apply r.json 1 1 1 --dice 5
errline "[9] france cabinet strategy: D6 5 +1 (star) with 12 RP - at most 4 markers" "apply's log"
# one die the two decisions never ask for is refused, as before
expect 2 "M39: apply with one die, unused" -- "$VB" apply r.json 1 1 --dice 5
errline "1 --dice values left unused" "an unused die"

# ---- --dice as the last word, without its values: a usage error, nothing
# applied (main.c:237 `i + 1 >= argc` -> `i - 1`: the missing value read
# as no dice, the action applied and status 0)
expect 1 "M39: apply ... --dice without values" -- "$VB" apply r.json 1 --dice
errline "--dice needs values like 6,4,2" "apply --dice without values"
expect 1 "M39: new ... --dice without values" -- "$VB" new roi-soleil --dice
errline "--dice needs values like 6,4,2" "new --dice without values"

# ---- `vauban show --at N`: 0 to the history's length is a position, past
# it an error (main.c:335 `at_n > n` -> `<`: every N short of the end
# refused, and past the end read beyond the snapshots)
"$VB" apply r.json 1 1 1 >h.json 2>/dev/null || bad "M39: apply three"
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["history"]))' h.json)
[ "$n" -ge 4 ] && ok || bad "M39: the history holds $n decisions"
for k in 0 1 $((n - 1)) "$n"; do
    expect 0 "M39: show --at $k of $n" -- "$VB" show h.json --at "$k"
    has "$T/out" "^After $k decisions?:$" "M39: show --at $k"
done
expect 2 "M39: show --at $((n + 1)) of $n" -- "$VB" show h.json --at $((n + 1))
errline "--at $((n + 1)): 'h.json' holds $n decisions" "show --at past the end"

# ---- `vauban actions` on a finished game: no action, not an error
# (main.c:178 `n < 0` -> `<=`: the finished game refused). The position of
# test_mutation39.sh: Setge's last decision, end-combat of turn 12.
"$VB" new setge-1714 --seed 1 >n.json 2>/dev/null || bad "M39: new setge-1714"
python3 - n.json p.json <<'EOF' || bad "M39: the position of turn 12"
import json, sys
j = json.load(open(sys.argv[1]))
j["state"].update(turn=12, time="15:00", half="catalan", phase="combat", seat="catalan")
j.pop("history", None)
j.pop("prompt", None)
j["to_move"] = "catalan"
json.dump(j, open(sys.argv[2], "w"))
EOF
"$VB" apply p.json end-combat >f.json 2>/dev/null || bad "M39: apply end-combat"
expect 0 "M39: actions of a finished game" -- "$VB" actions f.json
python3 - "$T/out" <<'EOF' && ok || bad "M39: actions of a finished game: $(head -c 400 "$T/out")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["to_move"] == "over" and j["actions"] == [] and j["winner"] == "catalan", j
EOF

# ---- `vauban show --svg FILE`: a board whose last bytes cannot be written
# (the file's size limit falls after the last whole 4 KiB buffer, so the
# game's SVG hook writes without an error and closing the file fails) is
# an error, not a truncated file and status 0 (main.c:376 `rc == 0` -> `rc
# == 1`: the failed close ignored).
"$VB" new molt-soroll --seed 1 >m.json 2>/dev/null || bad "M39: new molt-soroll"
"$VB" show m.json --svg whole.svg 2>/dev/null || bad "M39: show --svg"
size=$(wc -c <whole.svg)
if [ $((size % 4096)) -eq 0 ]; then
    bad "M39: the SVG is $size bytes, a whole number of 4 KiB buffers: choose another board"
else
    (
        trap '' XFSZ
        ulimit -f $((size / 4096 * 4))
        "$VB" show m.json --svg cut.svg >"$T/out" 2>"$T/err"
        echo $? >"$T/rc"
    )
    [ "$(cat "$T/rc")" -eq 2 ] && ok || bad "M39: show --svg past the size limit: exit $(cat "$T/rc")"
    [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q '^vauban show: cut.svg: ' "$T/err" && ok ||
        bad "M39: show --svg past the size limit: $(cat "$T/err")"
fi

finish test_mutation39b.sh

#!/usr/bin/env bash
# test_play_review.sh - the parts of play and review that need no terminal:
# referee mode (card titles with or without accents, numbers, the prompt
# saying roll or draw, the dice's faces listed), `load` inside play,
# `undo` of the last person's decision at another's prompt, colour
# switches, 80 columns when the width is unknown, `vauban analyze`,
# `vauban show --at N`, `vauban replay --step`, and every --help with
# examples.
set -u
VB=${1:?usage: test_play_review.sh path/to/vauban}
. "$(dirname "$0")/lib.sh"
unset COLUMNS NO_COLOR

# ---- referee mode: cards by printed title, accents optional, or number
printf 'Revolta mudejar\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r1" 2>&1
has "$T/r1" 'Draw a card and type its title or its number' "referee card prompt"
has "$T/r1" '3\. Revolta mudèjar \(Feb 1276\) \[revolta-mudejar\]' "cards listed by title"
has "$T/r1" '^referee> outcome: revolta-mudejar' "title without accents"
printf 'Revolta mudèjar\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r2" 2>&1
has "$T/r2" 'outcome: revolta-mudejar' "title with accents"
printf 'Ramon Folc al Llobregat\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r3" 2>&1
has "$T/r3" 'outcome: ramon-folc-llobregat' "a title that is not the id"
printf '12\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r4" 2>&1
has "$T/r4" 'outcome: ramon-folc-llobregat' "a card by its number"
printf 'Revolta\nrevolta-barons\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r5" 2>&1
has "$T/r5" "'Revolta' matches 2 cards" "an ambiguous title"
has "$T/r5" 'outcome: revolta-barons' "the id after an ambiguous title"
# Dice: the prompt says roll, a number is a die's value, not a position.
printf '12\n1\n7\n3\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r6" 2>&1
has "$T/r6" 'Roll the dice and type the result' "referee dice prompt"
# the faces listed, each once and no more (play.c:282: one past the last)
has "$T/r6" '^  one of: 1 2 3 4 5 6$' "referee dice: the six faces"
has "$T/r6" "illegal outcome '7'" "a die of 7 refused"
has "$T/r6" 'rolled 3( |$)' "the die typed is the die used"
# `list` at equal dice: the faces numbered, no chances (play.c:235, :257)
printf '12\n3\nlist\n3\n' | "$VB" play molt-soroll --seed 7 --referee >"$T/r7" 2>&1
has "$T/r7" '^referee> +1\. 1$' "list at the dice: the first face"
has "$T/r7" '^ +6\. 6$' "list at the dice: the last face"
hasnt "$T/r7" '[0-9]\.[0-9]%' "list at equal dice: a chance shown"
# `load FILE` inside play: a file of the same game replaces the match; one
# of another game is refused, naming it (play.c:361)
"$VB" new molt-soroll --seed 9 >"$T/m9.json" && "$VB" new setge-1714 --seed 3 >"$T/sg.json"
printf 'load %s\nload %s\nquit\n' "$T/m9.json" "$T/sg.json" |
    "$VB" play molt-soroll --seed 7 >"$T/ld" 2>&1
has "$T/ld" "^king> loaded $T/m9.json\$" "load: a game of the same game"
has "$T/ld" "^king> cannot load: '$T/sg.json' is a game of setge-1714\$" "load: another game refused"

# `undo` at the other seat's prompt takes back the last decision, that of
# role 0 (france) too, when its maker is a person (play.c:521)
printf '1\n1\nundo\nquit\n' | "$VB" play roi-soleil --seed 3 >"$T/un" 2>&1
has "$T/un" '^coalition> undone: no-loan$' "undo of role 0's decision at the other's prompt"

# ---- colour and width
printf 'quit\n' | "$VB" play setge-1714 --seed 3 --color=always >"$T/c1" 2>&1
grep -q $'\x1b\\[' "$T/c1" && ok || bad "--color=always: no colour"
# the value as the next word too (play.c:884)
printf 'quit\n' | "$VB" play setge-1714 --seed 3 --color always >"$T/c4" 2>&1
grep -q $'\x1b\\[' "$T/c4" && ok || bad "--color always: no colour: $(head -c 300 "$T/c4")"
printf 'quit\n' | "$VB" play setge-1714 --seed 3 >"$T/c2" 2>&1
grep -q $'\x1b' "$T/c2" && bad "colour when the output is not a terminal" || ok
printf 'quit\n' | NO_COLOR=1 "$VB" play setge-1714 --seed 3 --color=auto >"$T/c3" 2>&1
grep -q $'\x1b' "$T/c3" && bad "colour despite NO_COLOR" || ok
"$VB" play setge-1714 --color=sometimes </dev/null >/dev/null 2>&1
[ $? -eq 1 ] && ok || bad "--color=sometimes: not a usage error"
printf 'board\nlist\nhint 50 1\nhint 1 2 3\nquit\n' | "$VB" play setge-1714 --seed 3 >"$T/w1" 2>&1
# (the prompt and the next line share a line when the input does not echo)
w=$(sed 's/^[a-z-]*> //' "$T/w1" | LC_ALL=C.UTF-8 wc -L)
[ "$w" -le 80 ] && ok || bad "setge-1714 play: a line of $w columns with the width unknown"
has "$T/w1" 'too many numbers' "hint 1 2 3"
printf 'board\nquit\n' | COLUMNS=100 "$VB" play molt-soroll --seed 3 >"$T/w2" 2>&1
w=$(sed 's/^[a-z-]*> //' "$T/w2" | LC_ALL=C.UTF-8 wc -L)
[ "$w" -gt 80 ] && [ "$w" -le 100 ] && ok || bad "COLUMNS=100: widest line $w"

# ---- in play: save without a file, odds, hint
printf 'save\n99\npoints\nodds\nodds offensive Andalusins\nodds frobnicate\nhint 100 5\nhint x\nlist\nquit\n' |
    "$VB" play molt-soroll --seed 7 >"$T/p1" 2>&1
has "$T/p1" 'save needs a file name' "save without a file"
hasnt "$T/p1" "illegal action 'save'" "save without a file"
has "$T/p1" '^Defeat points \(12\.1\), if the King lost now:' "points in play"
has "$T/p1" '^ +\+[0-9]+  [0-9]+ cards in the deck, 2 each' "points in play"
has "$T/p1" "there is no action 99 here: the numbers go from 1 to [0-9]+" "a number past the list"
has "$T/p1" 'offensive FRONT' "odds alone lists the procedures"
has "$T/p1" '%  (success|failure)' "odds in play"
has "$T/p1" 'Best actions for king' "hint in play"
has "$T/p1" 'of 5 games' "hint N G in play"
has "$T/p1" "hint: .*hint \[N \[G\]\]" "hint x"

# ---- analyze
"$VB" new molt-soroll --seed 7 >"$T/s.json" 2>/dev/null
"$VB" analyze "$T/s.json" -n 300 --games 10 >"$T/a1" 2>&1 && ok || bad "analyze failed: $(cat "$T/a1")"
has "$T/a1" '^king: choose an action' "analyze shows the decision"
has "$T/a1" '^  1\. (offensive|influence|end)' "analyze ranks actions"
has "$T/a1" '^     wins [0-9]+% \[[0-9]+-[0-9]+%\] of 10 games; chosen by [0-9]+% of the search' \
    "analyze gives a chance of winning"
has "$T/a1" 'exact odds:' "analyze gives exact odds of a combat"
has "$T/a1" '(success|failure) [0-9.]+%' "analyze gives exact odds of a combat"
"$VB" analyze "$T/s.json" -n 300 --games 10 >"$T/a2" 2>&1
cmp -s "$T/a1" "$T/a2" && ok || bad "analyze is not reproducible"
# Never from the generator: the same position with another generator and
# seed (a position file, without history) gets the same advice.
if command -v python3 >/dev/null; then
python3 - "$T/s.json" "$T/p1.json" "$T/p2.json" <<'PY' && ok || bad "could not write positions"
import json, sys
d = json.load(open(sys.argv[1]))
d.pop("history")
json.dump(d, open(sys.argv[2], "w"))
d["rng"] = ["0123456789abcdef", "1111111111111111", "2222222222222222", "3333333333333333"]
d["seed"] = "99"
json.dump(d, open(sys.argv[3], "w"))
PY
"$VB" analyze "$T/p1.json" -n 200 --games 10 >"$T/pa1" 2>&1
"$VB" analyze "$T/p2.json" -n 200 --games 10 >"$T/pa2" 2>&1
has "$T/pa1" 'Best actions for king' "analyze of a position"
cmp -s "$T/pa1" "$T/pa2" && ok || bad "analyze depends on the generator it may not see"
fi
"$VB" analyze "$T/s.json" --as king -n 50 --games 1 >/dev/null 2>&1 && ok || bad "analyze --as king"
"$VB" analyze "$T/s.json" --as queen >/dev/null 2>"$T/err"
[ $? -eq 1 ] && ok || bad "analyze --as queen: not a usage error"
"$VB" new setge-1714 --seed 3 >"$T/sg.json" 2>/dev/null
"$VB" analyze "$T/sg.json" --as catalan >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q 'bourbon does' "$T/err" && ok || bad "analyze --as a role not deciding"
"$VB" analyze "$T/sg.json" -n 100 --top 2 --games 1 >"$T/a3" 2>&1 && ok || bad "analyze setge"
has "$T/a3" 'Best actions for bourbon' "analyze setge"
"$VB" analyze "$T/nonexistent.json" >/dev/null 2>"$T/err"
[ $? -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "analyze of a missing file"

# ---- show --at N and replay --step
"$VB" apply "$T/s.json" 1 8 end-actions >"$T/t.json" 2>/dev/null
n=$(grep -c '"by"' "$T/t.json")
"$VB" show "$T/t.json" --at 0 >"$T/at0" 2>&1 && ok || bad "show --at 0"
has "$T/at0" '^After 0 decisions' "show --at 0"
has "$T/at0" 'phase draw' "show --at 0 is the setup"
"$VB" show "$T/t.json" --at 2 >"$T/at2" 2>&1
has "$T/at2" 'roll (the die )?for the offensive' "show --at 2: before the die"
"$VB" show "$T/t.json" --at "$n" | tail -n +2 >"$T/atn"
"$VB" show "$T/t.json" >"$T/now"
cmp -s "$T/atn" "$T/now" && ok || bad "show --at (all decisions) differs from show"
"$VB" show "$T/t.json" --at 2 --json >"$T/at2.json"
[ "$(grep -c '"by"' "$T/at2.json")" -eq 2 ] && ok || bad "show --at 2 --json: not 2 decisions"
"$VB" show "$T/at2.json" >/dev/null 2>&1 && ok || bad "show --at 2 --json does not load"
"$VB" show "$T/t.json" --at $((n + 1)) >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ ! -s "$T/out" ] && grep -q "holds $n decisions" "$T/err" && ok ||
    bad "show --at past the end"
"$VB" show "$T/t.json" --at -1 >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "show --at -1: not refused as bad input"
printf '\nq\n' | "$VB" replay "$T/t.json" --step >"$T/st" 2>&1
[ "$(grep -c '^-- [0-9]* of [0-9]* decisions' "$T/st")" -eq 2 ] && ok || bad "replay --step: not 2 pauses"
has "$T/st" '^2\. king: offensive Noblesa-catalana' "replay --step names the decision"
hasnt "$T/st" 'king: end-actions' "replay --step went on after q"
yes '' | head -n 100 | COLUMNS=1000 "$VB" replay "$T/t.json" --step >"$T/st2" 2>&1
has "$T/st2" 'king: end-actions' "replay --step to the end"
COLUMNS=1000 "$VB" replay "$T/t.json" | grep -v '^result' >"$T/full"
grep -v '^-- \|^[0-9]*\. king\|^Molt soroll per un rei - \|^result' "$T/st2" >"$T/steplog"
cmp -s "$T/full" "$T/steplog" && ok || bad "replay --step prints another log than replay"

# ---- help texts with examples
# Every command of `vauban --help`, and vauban --help itself: an
# "examples:" heading followed by a line that runs vauban; 80 columns.
cmds=$("$VB" --help | awk '/^examples:/ { exit } /^  [a-z]+ /{print $1}')
[ "$(echo $cmds | wc -w)" -ge 11 ] && ok || bad "vauban --help lists only: $cmds"
for c in "" $cmds "odds molt-soroll" "odds setge-1714"; do
    # shellcheck disable=SC2086
    "$VB" $c --help >"$T/help" 2>&1
    [ $? -eq 0 ] && ok || bad "vauban $c --help: exit status"
    awk '/^examples:$/ { e = 1; next } e && /^  (mpirun -n [0-9]+ )?vauban [a-z]/ { f = 1 }
         END { exit !f }' "$T/help" && ok || bad "vauban $c --help: no example line"
    w=$(LC_ALL=C.UTF-8 wc -L <"$T/help")
    [ "$w" -le 80 ] && ok || bad "vauban $c --help: a line of $w columns"
done
"$VB" --help | grep -q analyze && ok || bad "vauban --help does not list analyze"

# ---- the manual page: every command of `vauban --help`, clean groff
MAN=${VB_SOURCE_DIR:-$(dirname "$0")/../..}/docs/vauban.1
for c in $cmds; do
    grep -q "^\.B $c\b\|^\.B vauban $c\b" "$MAN" && ok || bad "vauban.1 does not document '$c'"
done
if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww -z "$MAN" 2>"$T/groff" && [ ! -s "$T/groff" ] && ok ||
        bad "vauban.1: $(head -3 "$T/groff")"
fi

finish test_play_review

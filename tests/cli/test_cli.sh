#!/usr/bin/env bash
# test_cli.sh - the command-line contract of DESIGN.md, end to end:
# list/new/actions/apply/show/replay/play, exit statuses 0/1/2, one-line
# errors naming the problem, and nothing changed on bad input.
set -u
VB=${1:?usage: test_cli.sh path/to/vauban}
ONE_LINE_FROM=2
. "$(dirname "$0")/lib.sh"

expect 0 "list" -- "$VB" list
grep -q molt-soroll "$T/out" && ok || bad "list does not show molt-soroll"
expect 1 "no command" -- "$VB"
expect 1 "unknown command" -- "$VB" frobnicate
errhas "unknown command 'frobnicate'"
for c in list new actions apply show play replay sim odds; do
    expect 0 "$c --help" -- "$VB" "$c" --help
done
expect 1 "new: unknown game" -- "$VB" new no-such-game
expect 2 "new: bad seed" -- "$VB" new molt-soroll --seed x

# The README's walk-through: new, actions, apply, show.
expect 0 "new --seed 7" -- "$VB" new molt-soroll --seed 7
cp "$T/out" "$T/s.json"
"$VB" new molt-soroll --seed 7 >"$T/s2.json" 2>/dev/null
cmp -s "$T/s.json" "$T/s2.json" && ok || bad "new --seed 7 is not reproducible"
expect 0 "actions" -- "$VB" actions "$T/s.json"
grep -q '"to_move": "king"' "$T/out" && ok || bad "actions: king does not decide: $(head -5 "$T/out")"
first=$(grep -m1 '"text"' "$T/out" | sed 's/.*"text": "\(.*\)",*/\1/')
[ -n "$first" ] && ok || bad "actions lists no action"
expect 0 "apply first action" -- "$VB" apply "$T/s.json" "$first"
cp "$T/out" "$T/t.json"
expect 0 "apply by number" -- "$VB" apply "$T/s.json" 1
cmp -s "$T/out" "$T/t.json" && ok || bad "apply by number differs from apply by text"
expect 0 "show" -- "$VB" show "$T/t.json"
grep -qi barcelona "$T/out" && ok || bad "show does not draw Barcelona"
expect 0 "show from stdin" -- sh -c "'$VB' show - < '$T/t.json'"
# one part of the board, as `play` shows it; an empty name lists the names
expect 0 "show --area" -- "$VB" show "$T/t.json" --area Napols
grep -q '^Front Nàpols \[Napols\]' "$T/out" && ok || bad "show --area: $(head -3 "$T/out")"
expect 0 "show --area ''" -- "$VB" show "$T/t.json" --area ''
grep -q 'Noblesa-catalana' "$T/out" && ok || bad "show --area '' lists no front: $(head -3 "$T/out")"
expect 2 "show --area unknown" -- "$VB" show "$T/t.json" --area Atlantis
errhas "unknown front 'Atlantis'"
expect 1 "show --area with --json" -- "$VB" show "$T/t.json" --area Napols --json
expect 0 "replay of a state file" -- "$VB" replay "$T/t.json"

# Bad input: exit 2, one line, nothing printed.
cp "$T/s.json" "$T/before.json"
expect 2 "illegal action" -- "$VB" apply "$T/s.json" "fly-to-the-moon"
errhas "fly-to-the-moon"
cmp -s "$T/s.json" "$T/before.json" && ok || bad "illegal action changed the file"
echo '{"game": "molt-soroll", "state": {' >"$T/broken.json"
expect 2 "malformed JSON" -- "$VB" actions "$T/broken.json"
errhas "malformed JSON"
expect 2 "missing file" -- "$VB" show "$T/nope.json"
echo '{"game": "no-such-game", "state": {}}' >"$T/g.json"
expect 2 "unknown game in file" -- "$VB" show "$T/g.json"
errhas "unknown game"
sed 's/"seed": "7"/"seed": "seven"/' "$T/s.json" >"$T/seed.json"
expect 2 "bad seed in file" -- "$VB" show "$T/seed.json"
errhas "seed"
expect 2 "die out of range" -- "$VB" apply "$T/s.json" "$first" --dice 9
errhas "'9'"
expect 2 "unused dice" -- "$VB" apply "$T/s.json" "$first" --dice 1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6
# A record that does not replay: change the first recorded card drawn.
awk '/"by": "chance"/ && !done { f = 1 }
     f && /"do":/ { sub(/"do": "[^"]*"/, "\"do\": \"no-such-card\""); f = 0; done = 1 }
     { print }' "$T/t.json" >"$T/rec.json"
expect 2 "record that does not replay" -- "$VB" replay "$T/rec.json"
errhas "does not replay"

# play: scripted input at the terminal; quit at once, then play to the end.
expect 0 "play quit" -- sh -c "printf 'help\nboard\nquit\n' | '$VB' play molt-soroll --seed 3"
expect 1 "play unknown flag" -- "$VB" play molt-soroll --frobnicate
expect 1 "sim unknown flag" -- "$VB" sim molt-soroll -n 1 --frobnicate
errhas "unknown flag '--frobnicate'"
expect 1 "actions unknown flag" -- "$VB" actions "$T/s.json" --frobnicate
errhas "unknown flag '--frobnicate'"
yes 1 | head -n 5000 | "$VB" play molt-soroll --seed 5 >"$T/play.out" 2>&1
grep -q "Game over" "$T/play.out" && ok || bad "play: a whole game did not reach its verdict"
printf 'save %s\nquit\n' "$T/saved.json" | "$VB" play molt-soroll --seed 9 >/dev/null 2>&1
expect 0 "play save then show" -- "$VB" show "$T/saved.json"
printf 'undo\nquit\n' | "$VB" play molt-soroll --seed 9 >"$T/undo.out" 2>&1
grep -q "nothing to undo" "$T/undo.out" && ok || bad "play: undo at the start should say nothing to undo"

# sim --only SEED replays one game of a run: the same winner, length and
# scores as the run's CSV row, one line per role of the scenario (not the
# four-player variant's seats in the duel), and a record that replays.
"$VB" sim setge-1714 -n 3 --seed 3 --csv "$T/run.csv" >/dev/null 2>&1
row=$(sed -n 4p "$T/run.csv")
seed=$(echo "$row" | cut -d, -f2)
expect 0 "sim --only" -- "$VB" sim setge-1714 --only "$seed" --record "$T/only.json"
winner=$(echo "$row" | cut -d, -f4)
len=$(echo "$row" | awk -F, '{print $(NF-6) " turns, " $(NF-5) " decisions, " $(NF-4) " chance"}')
has "$T/out" "^game seed $seed: over, winner $winner, .*; $len\$" "sim --only: the CSV's game"
[ "$(grep -c ': score ' "$T/out")" = 2 ] && ok || bad "sim --only: not two roles: $(cat "$T/out")"
has "$T/out" "^  bourbon \\(random\\): score $(echo "$row" | awk -F, '{print $(NF-3)}'), " "sim --only: bourbon's score"
expect 0 "sim --only record replays" -- "$VB" replay "$T/only.json"

# sim: a policy named for a role plays that role; games past --max-decisions
# are cut and said so, in the singular and the plural.
expect 0 "sim --policy" -- "$VB" sim setge-1714 -n 2 --policy bourbon=greedy
has "$T/out" "^bourbon: greedy$" "sim --policy: bourbon's policy"
has "$T/out" "^catalan: random$" "sim --policy: catalan's policy"
expect 0 "sim cut one" -- "$VB" sim molt-soroll -n 1 --max-decisions 5
has "$T/out" "^  1 game cut at 5 decisions \\(not counted\\)$" "sim: one game cut"
expect 0 "sim cut two" -- "$VB" sim molt-soroll -n 2 --max-decisions 5
has "$T/out" "^  2 games cut at 5 decisions" "sim: two games cut"

# sim's summary: each count's percentage is its share of the games played
"$VB" sim setge-1714 -n 7 --seed 2 >"$T/sum.out" 2>&1
awk '$1 ~ /^(wins|draws|losses)$/ { n++; p = $3; sub(/%/, "", p);
        if (p - 100 * $2 / 7 > 0.006 || 100 * $2 / 7 - p > 0.006) bad++ }
     END { exit !(n == 6 && bad == 0) }' "$T/sum.out" && ok ||
    bad "sim: percentages are not the counts' shares of 7 games: $(cat "$T/sum.out")"

# sim: threads on a process bound to fewer cores than the machine has (as
# mpirun binds ranks) are named on stderr; the results do not change.
if command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then
    "$VB" sim molt-soroll -n 200 --threads 2 >"$T/free.out" 2>"$T/free.err"
    [ -s "$T/free.err" ] && bad "sim --threads 2 unbound says: $(cat "$T/free.err")" || ok
    taskset -c 0 "$VB" sim molt-soroll -n 200 --threads 2 >"$T/bound.out" 2>"$T/bound.err"
    has "$T/bound.err" "--threads 2 on 1 of [0-9]+ cores" "sim bound to one core"
    cmp -s <(tail -n +2 "$T/free.out") <(tail -n +2 "$T/bound.out") && ok ||
        bad "sim bound to one core plays other games"
    taskset -c 0 "$VB" sim molt-soroll -n 20 >/dev/null 2>"$T/one.err"
    [ -s "$T/one.err" ] && bad "sim with one thread on one core warns: $(cat "$T/one.err")" || ok
fi

finish test_cli

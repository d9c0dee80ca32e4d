#!/usr/bin/env bash
# test_mutation37.sh - checks added by the thirty-seventh session's mutation
# pass (helper cmx) over src/cli/play_advice.c (`vauban analyze`, `hint`)
# and src/cli/cmd_odds.c (`vauban odds`): the 95% Wilson interval printed
# beside each chance of winning agrees with the share printed, the ranking
# is by the search's visits, the exact odds are the procedure's, the
# flags' bounds are where the help says.
set -u
VB=$(realpath "${1:?usage: test_mutation37.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
unset COLUMNS NO_COLOR
cd "$T" || exit 1

# Each "wins P% [L-H%] of N game(s)" of FILE (lines joined): L and H are
# Wilson's 95% interval (z = 1.96) of the share P/100 of N games, rounded
# as printed; P at most 100; "game" singular for one game only.
wilson_ok() {
    tr '\n' ' ' <"$1" | tr -s ' ' | grep -oE 'wins [0-9]+% \[[0-9]+-[0-9]+%\] of [0-9]+ games?' |
        awk -v what="$2" '
        {
            p = substr($2, 1, length($2) - 1) / 100
            split(substr($3, 2), lh, "-")
            lo = lh[1]; hi = substr(lh[2], 1, length(lh[2]) - 2)
            nn = $5; z2 = 1.96 * 1.96
            c = (p + z2 / (2 * nn)) / (1 + z2 / nn)
            h = 1.96 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn)
            l = c - h < 0 ? 0 : c - h; u = c + h > 1 ? 1 : c + h
            want = sprintf("%.0f-%.0f", 100 * l, 100 * u)
            if (want != lo "-" hi || p > 1 || ($6 == "game") != (nn == 1)) {
                print "M37: " what ": \"" $0 "\": the interval is [" want "%]"; bad = 1
            }
            seen++
        }
        END { if (!seen) { print "M37: " what ": no chance of winning printed"; bad = 1 }
              exit bad }'
}

"$VB" new molt-soroll --seed 7 >m.json 2>/dev/null || bad "new molt-soroll"
"$VB" new setge-1714 --seed 3 >sg.json 2>/dev/null || bad "new setge-1714"

# ---- analyze: every action ranked, intervals, shares of the search
"$VB" analyze m.json -n 300 --games 10 --top 20 >a1 2>&1 || bad "M37: analyze --top 20: $(cat a1)"
msg=$(wilson_ok a1 "molt, 10 games") && ok || bad "$msg"
# all ten actions shown: the shares of the search add up to 100 (each
# rounded), most visited first
grep -oE 'chosen by [0-9]+%' a1 | awk '{v = $3 + 0; s += v; if (NR > 1 && v > last) bad = 1; last = v; n++}
    END { exit !(n == 10 && s >= 95 && s <= 105 && !bad) }' && ok ||
    bad "M37: analyze: the shares of the search are not in order or do not add up to 100: $(grep -o 'chosen by [0-9]*%' a1 | tr '\n' ' ')"
hasnt a1 'other action' "M37: analyze --top 20 with ten actions"
# the exact odds of the offensive that follows (1/2, 1/3, 1/6)
tr '\n' ' ' <a1 | tr -s ' ' >a1.joined
has a1.joined 'offensive Noblesa-aragonesa wins [^;]*; chosen by [0-9]+% of the search; exact odds: success 50\.0%, failure 33\.3%, success, force reduced 16\.7%' \
    "M37: analyze: the exact odds of an offensive"
"$VB" analyze sg.json -n 100 --games 1 --top 3 >a2 2>&1 || bad "M37: analyze setge: $(cat a2)"
msg=$(wilson_ok a2 "setge, 1 game") && ok || bad "$msg"
has a2 '^  \(27 other actions\)$' "M37: analyze --top 3: the others counted"
"$VB" analyze m.json -n 100 --games 2 --top 1 >a3 2>&1 || bad "M37: analyze --top 1: $(cat a3)"
[ "$(grep -cE '^  [0-9]+\. ' a3)" = 1 ] && ok || bad "M37: analyze --top 1 shows $(grep -cE '^  [0-9]+\. ' a3) actions"
has a3 '^  \(9 other actions, not tried: more simulations with hint N\)$|^  \(9 other actions\)$' \
    "M37: analyze --top 1: nine others"

# the search's iterations, split between its trees, add up to -n (an odd
# number: mcts.c's budget of each tree)
"$VB" analyze m.json -n 301 --games 1 --top 1 >n1 2>&1 || bad "M37: analyze -n 301: $(cat n1)"
has n1 '\(301 simulations from' "M37: analyze -n 301: 301 simulations"

# ---- analyze --color VALUE (two words): the value was read as a flag
"$VB" analyze m.json -n 50 --games 1 --top 1 --color never >c1 2>&1 && ok ||
    bad "M37: analyze --color never: $(cat c1)"
has c1 '^Best actions for king' "M37: analyze --color never"
"$VB" analyze m.json --color always -n 50 --games 1 --top 1 >c2 2>&1 && ok ||
    bad "M37: analyze --color always -n 50: $(cat c2)"
"$VB" analyze m.json --color=never -n 50 --games 1 --top 1 >c3 2>&1 && ok ||
    bad "M37: analyze --color=never: $(cat c3)"
expect 1 "M37: analyze --colorx" -- "$VB" analyze m.json --colorx never
errhas "unknown flag '--colorx'"

# ---- analyze's bounds (parsed before the state is read: an unknown role
# is the error when the number is accepted)
for f in "-n 1000000" "--games 100000" "--top 1" "--top 20"; do
    # shellcheck disable=SC2086
    expect 1 "M37: analyze $f accepted" -- "$VB" analyze m.json $f --as queen
    errhas "unknown role 'queen'"
done
for f in "-n 1000001" "--games 100001" "--top 21" "--top 0"; do
    # shellcheck disable=SC2086
    expect 2 "M37: analyze $f refused" -- "$VB" analyze m.json $f --as queen
done

# ---- vauban odds: the table's header, rows and total line
"$VB" odds molt-soroll offensive Napols almogavar fleet box=3 --max-states 3 >o1 2>&1 && ok ||
    bad "M37: odds with --max-states last: $(cat o1)"
has o1 '^molt-soroll: offensive Napols almogavar fleet box=3$' "M37: odds: the words in the header"
has o1 '^  probability  exact                  outcome$' "M37: odds: the columns"
has o1 '^     50\.0000%  1/2                    failure$' "M37: odds: a row"
has o1 '^    100\.0000%  \(total; 1 chance state enumerated, up to 1 chance decision deep\)$' \
    "M37: odds: the total (one state, one decision)"
"$VB" odds setge-1714 salvo 3 >o2 2>&1 || bad "M37: odds salvo 3: $(cat o2)"
has o2 '^    100\.0000%  \(total; 6 chance states enumerated, up to 3 chance decisions deep\)$' \
    "M37: odds: the total (plural)"
"$VB" odds setge-1714 --state sg.json fire Bourbon-Battery-1 Diputacio-1 >o3 2>&1 ||
    bad "M37: odds --state: $(cat o3)"
has o3 "^setge-1714: fire Bourbon-Battery-1 Diputacio-1  \\(from sg.json\\)\$" "M37: odds --state: header"
# JSON: the words, the game, the rows with their fractions
"$VB" odds setge-1714 salvo 3 --json >j1 2>&1 || bad "M37: odds --json: $(cat j1)"
tr -d ' \n' <j1 >j1.flat
has j1.flat '^\{"game":"setge-1714","procedure":"salvo","words":\["salvo","3"\],"from_state":false,"first":null,"outcomes":\[\{"outcome":"0defenderseliminated","p":0\.5787[0-9]*,"fraction":"125/216"\}' \
    "M37: odds --json"
has j1.flat '"states":6,"depth":3\}$' "M37: odds --json: states and depth"
# flags: --help and -h after the game, -- ends the flags
"$VB" odds molt-soroll -h >h1 2>&1 && has h1 '^molt-soroll - odds procedures:$' "M37: odds GAME -h" ||
    bad "M37: odds GAME -h failed"
"$VB" odds molt-soroll --help >h2 2>&1 && has h2 '^usage: vauban odds' "M37: odds GAME --help" ||
    bad "M37: odds GAME --help failed"
expect 1 "M37: odds: --json after -- is a word" -- "$VB" odds molt-soroll -- offensive Napols --json
errhas "unknown word '--json'"
expect 1 "M37: odds: --max-states without a number" -- "$VB" odds molt-soroll offensive Napols --max-states
errhas "needs a positive number"
expect 2 "M37: odds: --max-states -5" -- "$VB" odds molt-soroll offensive Napols --max-states -5
errhas "'-5' is negative"

finish test_mutation37

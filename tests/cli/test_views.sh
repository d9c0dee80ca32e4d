#!/usr/bin/env bash
# test_views.sh - what `show`, `replay` and `sim` print, outside a terminal
# (in a pipe: 80 columns): the boards of both games in every scenario fit
# 80 columns (display width) with the prompt printed once; a finished game
# shows "Game over" once, the verdict and its points term by term, in
# `show` and in `replay`; sim keeps its verdicts grouped. Then the README's
# commands, run as written, with the answers they promise.
set -u
VB=$(realpath "${1:?usage: test_views.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
fits80() {
    local w
    w=$(LC_ALL=C.UTF-8 wc -L <"$1")
    [ "$w" -le 80 ] && ok || bad "$2: a line of $w columns: $(LC_ALL=C.UTF-8 awk 'length($0) > 80' "$1" | head -2)"
}
unset COLUMNS NO_COLOR
cd "$T" || exit 1

# ---- boards in every scenario, at the start and at the end of a game
for gs in molt-soroll:standard setge-1714:2p setge-1714:3p setge-1714:4p; do
    g=${gs%%:*} sc=${gs#*:}
    "$VB" new "$g" --scenario "$sc" --seed 4 >"s-$sc.json" 2>/dev/null || bad "new $gs"
    "$VB" show "s-$sc.json" >"show-$sc" 2>&1 || bad "show $gs"
    fits80 "show-$sc" "show $gs"
    p=$("$VB" actions "s-$sc.json" | sed -n 's/^  "prompt": "\(.*\)",$/\1/p')
    [ "$(grep -cF -- "${p:0:40}" "show-$sc")" -eq 1 ] && ok || bad "show $gs: the prompt not once: $p"
    for r in $("$VB" list | awk -v g="$g" '$1 == g { f = 1; next } f && /roles:/ { for (i = 2; i <= NF; i++) print $i; exit }'); do
        "$VB" show "s-$sc.json" --as "$r" >"as" 2>&1 || bad "show $gs --as $r"
        fits80 as "show $gs --as $r"
    done
done
# A whole game each, played by the computer, saved at the end.
printf 'save m.json\nquit\n' | "$VB" play molt-soroll --seed 5 --ai king=random >/dev/null 2>&1
printf 'save m2.json\nquit\n' | "$VB" play molt-soroll --seed 5 --ai king=greedy >/dev/null 2>&1
printf 'save g.json\nquit\n' |
    "$VB" play setge-1714 --seed 2 --ai bourbon=random --ai catalan=random >play-g 2>&1
# play's own game over: once, with the points of both sides.
[ "$(grep -c '^Game over$' play-g)" -eq 1 ] && ok || bad "play setge: 'Game over' not once"
has play-g '^Two Crowns victory points \(rule 13\):$' "play setge: points"
has play-g '^     = [0-9]+ for the Catalans$' "play setge: points"
fits80 play-g "play setge to the end"
printf 'save g4.json\nquit\n' | "$VB" play setge-1714 --scenario 4p --seed 2 --ai bourbon=random \
    --ai catalan=random --ai spanish=random --ai catalan-right=random >/dev/null 2>&1
for f in m m2 g g4; do
    [ -s "$f.json" ] || { bad "$f.json not saved"; continue; }
    "$VB" show "$f.json" >"show-$f" 2>&1 || bad "show $f"
    fits80 "show-$f" "show of the finished game $f"
    [ "$(grep -c '^Game over$' "show-$f")" -eq 1 ] && ok || bad "show $f: 'Game over' not once"
    "$VB" replay "$f.json" >"replay-$f" 2>&1 || bad "replay $f"
    fits80 "replay-$f" "replay $f"
    has "replay-$f" '^result: [a-z-]+ (wins|loses) - ' "replay $f: who won"
    # The terms of each block add up to its total.
    awk '/^ +[-+][0-9]+  / { s += $1; n++ }
         /^ +=  ?-?[0-9]+ / { if ($2 + 0 != s) { print "sum " s " total " $2; bad = 1 } s = 0; t++ }
         END { exit bad || !t || !n }' "show-$f" && ok || bad "show $f: terms do not add up"
    pts='^ +([-+][0-9]+|= -?[0-9]+) '
    cmp -s <(grep -E "$pts" "show-$f") <(grep -E "$pts" "replay-$f") && ok ||
        bad "show and replay of $f itemise differently"
done
# Molt soroll: the verdict's number is the total of its block.
for f in m m2; do
    v=$(sed -n 's/^result: king [a-z]* - \(won\|lost\), \(-\?[0-9]*\) \(victory\|defeat\) points: .*/\2/p' "replay-$f")
    [ -n "$v" ] && grep -q "^     = $v \(victory\|defeat\) points: " "replay-$f" && ok ||
        bad "replay $f: verdict $v is not the total"
done
has show-m '^(Victory points \(12\.2\)|Defeat points \(12\.1\)):$' "Molt points heading"
# Setge 1714: both sides' totals are the verdict's two numbers.
for f in g g4; do
    a=$(sed -n 's/^     = \([0-9]*\) for the Two Crowns$/\1/p' "show-$f")
    b=$(sed -n 's/^     = \([0-9]*\) for the Catalans$/\1/p' "show-$f")
    grep -qE "(Two Crowns|Catalan) victory on points, ($a to $b|$b to $a)|draw, $a to $b" "show-$f" &&
        ok || bad "show $f: the verdict is not $a to $b"
done
has show-g '^Two Crowns victory points \(rule 13\):$' "Setge points heading"
has show-g '^ +\+[0-9]+  [0-9]+ Catalan combat units? eliminated, 1 each$' "Setge: units eliminated"

# ---- sim: verdicts grouped (numbers as N), rule numbers kept
"$VB" sim molt-soroll -n 200 --policy king=random --seed 1 >sim1 2>/dev/null || bad "sim molt"
has sim1 '^ +[0-9]+ +[0-9.]+%  lost, N defeat points: Peter the (Small|Tiny|Unlucky)$' "sim groups"
[ "$(sed -n '/^verdicts:/,$p' sim1 | grep -c 'lost, N defeat points: Peter the Small$')" -eq 1 ] &&
    ok || bad "sim: a verdict class split"
"$VB" sim setge-1714 -n 4 --policy bourbon=random --policy catalan=random --seed 1 >sim2 2>/dev/null
has sim2 'on points, N to N.*\(rule 13\)$' "sim keeps the rule number"

# ---- the README's commands, as written (build/vauban -> $VB)
"$VB" new molt-soroll --seed 7 >s.json 2>/dev/null && ok || bad "README: new"
"$VB" actions s.json >act && has act '"prompt": "king: choose an action' "README: actions"
"$VB" apply s.json "influence nobility" >t.json 2>log && ok || bad "README: apply"
has log 'Influence the Nobility: rolled' "README: the log goes to stderr"
"$VB" show t.json >show-t && has show-t '^king: choose an action \(2 left\)' "README: show"
"$VB" replay t.json >rep-t && has rep-t '^result: game not over after 3 decisions' "README: replay"
"$VB" odds molt-soroll offensive Napols almogavar fleet box=3 >odds1
has odds1 '50\.0000%  1/2 +failure' "README: odds 1/2 success (1/2 failure)"
has odds1 '33\.3333%  1/3 +success$' "README: odds"
has odds1 '16\.6667%  1/6 +success, force reduced' "README: odds"
"$VB" odds setge-1714 --help >odds2 && has odds2 '^  assault ' "README: odds setge-1714 --help"
"$VB" list >list && has list '^setge-1714 - 11 de Setembre' "README: list"

finish test_views

#!/usr/bin/env bash
# test_mutation54.sh - checks of the command line added by the fifty-fourth
# session's seed-54 pass (the lead; docs/core.md "Mutation pass,
# fifty-fourth session (the lead)"); messages "M54:".
set -u
VB=$(realpath "${1:?usage: test_mutation54.sh path/to/vauban}")
D=$(dirname "$(realpath "$0")")
. "$D/lib.sh"
cd "$T" || exit 1

# ---- `vauban sim --svg FILE`: twenty games of Molt soroll (seed 1), all
# lost by the king. A run that succeeds writes nothing on standard error
# (sim_plot.c:96, the white background's red 255 -> 256: PLplot corrects
# the colour and prints a warning of five lines), and with no game won
# nothing in the plot is green, the colour of wins (sim_plot.c:154, the
# error bars' colour 1 -> 2: the interval of each win rate drawn green).
expect 0 "M54: sim --svg" -- "$VB" sim molt-soroll -n 20 --seed 1 --csv p.csv --svg p.svg
[ -s err ] && bad "M54: sim --svg wrote on standard error: $(head -c 300 err)" || ok
[ "$(grep -c ',win$' p.csv)" = 0 ] && ok || bad "M54: the king won a game of seed 1: choose a seed he loses"
[ -s p.svg ] && ok || bad "M54: no plot written"
hasnt p.svg '#2E8B57' "M54: green in a plot with no win"

finish test_mutation54

#!/usr/bin/env bash
# test_mutation50.sh - checks of the command line added by the fiftieth
# session's seed-50 mutation pass (the lead; docs/core.md "Mutation pass,
# fiftieth session (the lead)"); messages "M50:". No random game.
set -u
VB=$(realpath "${1:?usage: test_mutation50.sh path/to/vauban}")
D=$(dirname "$(realpath "$0")")
. "$D/lib.sh"
export COLUMNS=100
cd "$T" || exit 1

# ---- `vauban odds` whose enumeration fails: the engine's message, exit 2,
# and no table (cmd_odds.c:169, `e < 0` -> `e > 0`: the failure ignored,
# the table of what had been enumerated printed, exit 0). Setge 1714's
# salvo of 3 guns has 6 chance states: more than --max-states 1.
expect 2 "M50: odds over --max-states" -- "$VB" odds setge-1714 salvo 3 --max-states 1
errhas "vauban odds: procedure too large to enumerate (more than 1 chance states)"
[ -s "$T/out" ] && bad "M50: odds over --max-states: a table printed: $(head -c 300 "$T/out")" || ok

# ---- `vauban odds ... --state FILE` with the file the last argument
# (cmd_odds.c:84, `i + 1 >= argc` -> `i + 2`: "--state needs a file").
# Molt soroll, seed 1: the Pope's influence die from that position.
"$VB" new molt-soroll --seed 1 >m1.json 2>/dev/null || bad "M50: molt-soroll seed 1 not written"
expect 0 "M50: odds with --state last" -- "$VB" odds molt-soroll influence pope --state m1.json
has "$T/out" '^ +33\.3333%  1/3 +marker moves right$' "M50: odds with --state last"

finish "$(basename "$0")"

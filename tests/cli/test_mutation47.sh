#!/usr/bin/env bash
# test_mutation47.sh - checks of the command line added by the forty-seventh
# session's seed-47 mutation pass (the lead; docs/core.md "Mutation pass,
# forty-seventh session (the lead)"); messages "M47:".
set -u
VB=$(realpath "${1:?usage: test_mutation47.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# ---- `vauban odds ... --max-states` with no number after it: a usage
# error in one line, exit 1; no test asked it before. (cmd_odds.c:93,
# `i + 1 >= argc` -> `>`, survived the pass and is equivalent: the missing
# word, argv's NULL, is refused by vb_parse_ll, and the message and exit
# status are chosen by the unchanged `i + 1 >= argc` below it.)
expect 1 "M47: odds --max-states last, no number" -- "$VB" odds setge-1714 salvo 3 --max-states
errhas "vauban odds: --max-states needs a positive number"
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "M47: odds --max-states last: $(cat "$T/err")"

finish test_mutation47.sh

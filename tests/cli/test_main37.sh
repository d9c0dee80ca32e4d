#!/usr/bin/env bash
# test_main37.sh - what the thirty-seventh session's mutation pass of
# src/cli/main.c (new, actions, apply, show, replay) found untested: a
# one-letter flag is a flag (`replay -x`, `apply -x`), not a file name;
# `apply` refuses an unknown flag among its actions as the other commands
# do; '-' alone is still standard input.
set -u
VB=$(realpath "${1:?usage: test_main37.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

"$VB" new molt-soroll --seed 3 >g.json 2>/dev/null || bad "new"
for c in replay show actions apply analyze; do
    expect 1 "$c -x" -- "$VB" "$c" -x g.json
    errhas "unknown flag '-x'"
done
expect 1 "apply: an unknown flag among the actions" -- "$VB" apply g.json --dcie 6,4
errhas "unknown flag '--dcie'"
expect 1 "apply: a flag after the actions" -- "$VB" apply g.json "influence nobility" -q
errhas "unknown flag '-q'"
# '-' alone: the state (or record) from standard input
"$VB" apply - "influence nobility" <g.json >t.json 2>/dev/null && ok || bad "apply - (stdin)"
grep -q '"history"' t.json && ok || bad "apply -: no state written"
"$VB" replay - <t.json >r.txt 2>&1 && ok || bad "replay - (stdin)"
has r.txt 'Influence the Nobility' "replay - prints the log"
finish test_main37

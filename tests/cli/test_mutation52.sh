#!/usr/bin/env bash
# test_mutation52.sh - checks of the command line added by the fifty-second
# session's seed-52 mutation pass (the lead; docs/core.md "Mutation pass,
# fifty-second session (the lead)"); messages "M52:".
set -u
VB=$(realpath "${1:?usage: test_mutation52.sh path/to/vauban}")
D=$(dirname "$(realpath "$0")")
. "$D/lib.sh"
export COLUMNS=100
cd "$T" || exit 1

# ---- -h is --help for every command of main.c, wherever it stands among
# the arguments (main.c:18, the `-h` comparison's `== 0` -> `== 1`: -h was
# read as a file name or an unknown flag). Each prints its usage and exits 0.
"$VB" new setge-1714 --seed 3 >s.json 2>/dev/null || bad "M52: new setge-1714"
for c in list new actions apply show replay; do
    case $c in
    list) args="-h" ;;
    new) args="setge-1714 -h" ;;
    *) args="s.json -h" ;;
    esac
    # shellcheck disable=SC2086
    expect 0 "M52: $c -h" -- "$VB" $c $args
    has out "^usage: vauban $c" "M52: $c -h prints its usage"
done

# ---- `vauban play`: a line typed with blanks before it is read without
# them (play.c:543, the line's start `raw + strspn(raw, " ")` -> `raw -
# ...`: the copy began before the line, "   help" was read as something
# else or nothing, a read before the buffer).
printf '   help\nquit\ny\n' | timeout 60 "$VB" play roi-soleil --seed 3 --ai coalition=random >help.out 2>&1
has help.out '^  list \[WORDS\]  the actions' "M52: '   help' prints the commands"

# ---- the computer's summary: "made 1 decision", "made 3 decisions"
# (play.c:689, the plural's `v->total == 1` -> `!=`: "made 1 decisions").
# Roi Soleil, seed 3, the coalition played by the random policy: its first
# two turns are one decision each (1667), its third three.
printf '1\n\n1\n\n1\n\n1\n\n1\n\nquit\ny\n' |
    timeout 60 "$VB" play roi-soleil --seed 3 --ai coalition=random --no-confirm >made.out 2>&1
has made.out '^coalition \(random\) made 1 decision: ' "M52: one decision, singular"
has made.out '^coalition \(random\) made 3 decisions: ' "M52: three decisions, plural"
hasnt made.out 'made 1 decisions|made ([02-9]|[1-9][0-9]+) decision:' "M52: a plural that does not match its count"

# ---- `vauban analyze`: --games as the last argument has no value: the
# unknown flag, exit 1 (play_advice.c:319, `i + 1 < argc` -> `<=`: the
# value read past the arguments, "--games: empty, expected a number");
# a successful analysis writes nothing on standard error (play_advice.c:370,
# `rc < 0` -> `rc < 1`: "vauban analyze: " printed after every advice).
"$VB" new molt-soroll --seed 7 >m7.json 2>/dev/null || bad "M52: new molt-soroll"
expect 1 "M52: analyze --games without its value" -- "$VB" analyze m7.json --games
errhas "vauban analyze: unknown flag '--games'"
expect 0 "M52: analyze" -- "$VB" analyze m7.json -n 100 --games 5 --top 2
has out '^Best actions for king' "M52: analyze prints its advice"
[ -s err ] && bad "M52: analyze wrote on standard error: $(head -c 200 err)" || ok

finish "$(basename "$0")"

#!/usr/bin/env bash
# test_mutation53.sh - checks of the command line added by the fifty-third
# session's seed-53 pass (the lead; docs/core.md "Mutation pass,
# fifty-third session (the lead)"); messages "M53:". No random game.
set -u
VB=$(realpath "${1:?usage: test_mutation53.sh path/to/vauban}")
D=$(dirname "$(realpath "$0")")
. "$D/lib.sh"
export COLUMNS=50
cd "$T" || exit 1
"$VB" new setge-1714 --seed 1 >s.json 2>/dev/null || bad "M53: no Setge position"

# ---- `vauban odds`: a word that begins with "--" and is no flag of
# odds is refused as an unknown flag, wherever it stands (cmd_odds.c:101,
# `a[1] == '-'` -> `a[2]`: "--frob" read as a game's name or a word of
# the procedure)
for at in last first; do
    if [ $at = last ]; then set -- setge-1714 salvo 3 --frob; else set -- --frob setge-1714 salvo 3; fi
    expect 1 "M53: odds with --frob $at" -- "$VB" odds "$@"
    grep -qx "vauban odds: unknown flag '--frob'" "$T/err" && ok ||
        bad "M53: odds with --frob $at: $(cat "$T/err")"
done

. "$D/pty.sh" # (skips the rest without tmux)

# ---- At a terminal, the text is wrapped to the terminal's width when it
# is 20 columns or more, else to $COLUMNS (term.c:34, `ws_col >= 20` ->
# `>= 21`: a terminal of exactly 20 columns was taken for too narrow and
# the board wrapped at $COLUMNS, 50, the terminal cutting every line).
# `vauban show` of a Setge position at 20 and 19 columns; tmux joins the
# lines it wrapped itself, so a line wider than the program's width shows.
widest() {
    pty_screen | grep -v '__EXIT__' | LC_ALL=C.UTF-8 wc -L
}
PTY_COLS=20 pty_start "$VB" show s.json
pty_wait '__EXIT__0' || exit 1
w=$(widest)
[ "$w" -le 20 ] && [ "$w" -ge 15 ] && ok || bad "M53: show at a terminal of 20 columns: the widest line is $w"
pty_stop
PTY_COLS=19 pty_start "$VB" show s.json
pty_wait '__EXIT__0' || exit 1
w=$(widest)
[ "$w" -gt 20 ] && [ "$w" -le 50 ] && ok || bad "M53: show at a terminal of 19 columns (COLUMNS 50): the widest line is $w"
pty_stop
finish test_mutation53

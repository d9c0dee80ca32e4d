#!/usr/bin/env bash
# test_play_molt.sh - `vauban play molt-soroll` at a terminal (tmux): the
# board once, then only what changed; a mistyped number taken back before
# its die; list filters; save without a file; completion; undo stops at a
# die; odds and hint; colour; Ctrl-D on an unsaved game warns; every line
# fits 80 columns; the saved game replays, also step by step.
set -u
VB=$(realpath "${1:?usage: test_play_molt.sh path/to/vauban}")
T=$(mktemp -d)
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
if ! command -v tmux >/dev/null; then
    echo "tmux is not installed (scripts/setup installs it): skipped"
    exit 0
fi
. "$(dirname "$0")/pty.sh"
trap 'pty_stop; rm -rf "$T"' EXIT

pty_start "$VB" play molt-soroll --seed 7
pty_wait '^king> ' || exit 1
[ "$(pty_screen | grep -c '^Fronts')" -eq 1 ] && ok || bad "the board is not shown once at the start"
pty_screen | grep -qE '^king: choose an action \([0-9]+ left\)' && ok || bad "no status line"
# Colour on a terminal: the role's name in the side's colour.
pty_tmux capture-pane -p -e -t vb | grep -q $'\x1b\\[[0-9;]*34mking' && ok || bad "no colour on a terminal"

# A mistyped number: echoed in words, taken back before the die.
pty_mark
pty_line 3
pty_wait 'king: offensive Noblesa-aragonesa - a die or a card follows' && ok
pty_wait 'Enter = go, n = take it back' && ok
pty_line n
pty_wait 'taken back: nothing was played' && ok
pty_since | grep -q 'rolled' && bad "a die was rolled for a number taken back" || ok

# list WORDS keeps the numbers of the full list; accents optional.
pty_mark
pty_line 'list aragonésa'
pty_wait '4\. offensive Noblesa-aragonesa almogavar' && ok
pty_since | grep -qE '^ +[0-9]+\. ' && [ "$(pty_since | grep -cE '^ +[0-9]+\. ')" -eq 2 ] && ok ||
    bad "list aragonésa: expected 2 actions: $(pty_since)"
pty_mark
pty_line 'list siege'
pty_wait "no action matches 'siege'" && ok

# save without a file says so.
pty_mark
pty_line save
pty_wait 'save needs a file name' && ok
pty_since | grep -q "illegal action 'save'" && bad "save without a file taken for an action" || ok

# odds and hint from the position.
pty_mark
pty_line 'odds offensive Noblesa-catalana'
pty_wait '%  (success|failure)' && ok
pty_mark
pty_line 'hint 300 20'
pty_wait 'Best actions for king' && ok
pty_wait 'wins [0-9]+% \[[0-9]+-[0-9]+%\] of [0-9]+ games' 150 && ok

# Completion of action words (libedit), then confirm with Enter: the die
# is rolled, and only the new lines follow (no board).
pty_mark
if ldd "$VB" 2>/dev/null | grep -q libedit; then
    pty_send -l 'influ'
    pty_send Tab
    pty_send -l 'po'
    pty_send Tab
    pty_send Enter
else
    pty_line 'influence pope'
fi
pty_wait 'king: influence pope - a die or a card follows' && ok
pty_send Enter
pty_wait 'Influence the [Pp]ope: rolled' && ok
pty_wait '^king> ' && ok
pty_since | grep -q '^Fronts' && bad "the board was reprinted after a decision" || ok

# undo stops at the die.
pty_mark
pty_line undo
pty_wait 'nothing to undo' && ok

# board on demand.
pty_mark
pty_line board
pty_wait '^Fronts' && ok

# Ctrl-D on an unsaved game warns and stays; save; Ctrl-D leaves.
pty_mark
pty_send C-d
pty_wait 'The game is not saved' && ok
pty_since | grep -q '__EXIT__' && bad "Ctrl-D left an unsaved game" || ok
pty_line "save $T/g.json"
pty_wait "saved to $T/g.json" && ok
pty_mark
pty_send C-d
pty_wait '__EXIT__0' && ok
pty_fits80 "molt-soroll session"
"$VB" replay "$T/g.json" >/dev/null 2>&1 && ok || bad "the saved game does not replay"
pty_stop
if ldd "$VB" 2>/dev/null | grep -q libedit; then
    grep -q 'siege' "$T/.vauban_history" && ok || bad "no history kept in ~/.vauban_history"
fi

# The saved game, stepped through at a terminal: b for the board (wrapped
# to 80 columns, as `show` is at a terminal), Enter to the end.
pty_start "$VB" replay g.json --step
pty_wait '^-- 1 of [0-9]+ decisions' || exit 1
pty_mark
pty_line b
pty_wait '^Fronts' && ok
pty_send Enter
pty_wait '^2\. king: influence pope' && ok
pty_wait '__EXIT__0' && ok
pty_fits80 "replay --step"
pty_stop
pty_start "$VB" show g.json
pty_wait '__EXIT__0' && ok
pty_fits80 "show at a terminal"
pty_stop

# NO_COLOR: no escape sequences at a terminal.
pty_start env NO_COLOR=1 "$VB" play molt-soroll --seed 7
pty_wait '^king> ' || exit 1
pty_tmux capture-pane -p -e -t vb | grep -q $'\x1b\\[3' && bad "colour despite NO_COLOR" || ok
pty_line quit
pty_wait '__EXIT__0' && ok
pty_stop

echo "test_play_molt: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

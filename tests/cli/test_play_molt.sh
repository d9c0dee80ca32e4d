#!/usr/bin/env bash
# test_play_molt.sh - `vauban play molt-soroll` at a terminal (tmux): the
# board once, then only what changed; a mistyped number taken back before
# its die; list filters; save without a file; completion; undo stops at a
# die; odds and hint; one front (`front X`, completed with Tab); colour;
# Ctrl-D on an unsaved game warns; every line fits 80 columns; the saved
# game replays, also step by step; a whole game to its itemised verdict.
set -u
VB=$(realpath "${1:?usage: test_play_molt.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pty.sh" # (skips the test without tmux)

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

# One front: its boxes, the force, the card's effect and its orders; the
# name completed with Tab (libedit), accents optional.
pty_mark
if ldd "$VB" 2>/dev/null | grep -q libedit; then
    pty_send -l 'front Andal'
    pty_send Tab
    pty_send Enter
else
    pty_line 'front Andalusins'
fi
pty_wait '^Front Andalusins \[Andalusins\]: the force at Montesa' && ok
pty_wait 'orders here now: offensive Andalusins; offensive Andalusins almogavar;' && ok
pty_since | grep -q 'an offensive here: die +0 must beat 3 (8.1)' && ok || bad "front: no number to beat"
pty_since | grep -q 'tokens that could join it (+1 each): almogavars Almogavar-1 available;' && ok ||
    bad "front: no tokens"
pty_mark
pty_line 'front Nàpols'
pty_wait '^Front Nàpols \[Napols\]: not active' && ok
pty_mark
pty_line 'front'
pty_wait 'Noblesa-catalana Noblesa-aragonesa Andalusins Napols' && ok

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

# A whole game to its verdict (the first action each time): "Game over"
# once, the verdict with its points term by term, every line in 80 columns.
pty_start "$VB" play molt-soroll --seed 5 --no-confirm
pty_wait '^king> ' || exit 1
for i in $(seq 1 60); do
    pty_line 1
    pty_screen | grep -q '^Game over' && break
    sleep 0.1
done
pty_wait '^\(undo, board, save FILE, load FILE or quit\)' && ok
[ "$(pty_screen | grep -c '^Game over')" -eq 1 ] && ok || bad "Game over printed more than once"
pty_screen | grep -q '^lost, 40 defeat points: Peter the Small' && ok || bad "no verdict"
pty_screen | grep -q '^Defeat points (12.1):$' && ok || bad "no itemised points"
pty_screen | grep -q '^   +44  22 cards in the deck, 2 each$' && ok || bad "no deck term"
pty_screen | grep -q '^    -5  no crusade proclaimed$' && ok || bad "no crusade term"
pty_screen | grep -q '^     = 40 defeat points: Peter the Small$' && ok || bad "no total"
pty_fits80 "molt-soroll whole game"
pty_line quit
pty_wait 'Leave anyway' && ok
pty_line y
pty_wait '__EXIT__0' && ok
pty_stop

# NO_COLOR: no escape sequences at a terminal.
pty_start env NO_COLOR=1 "$VB" play molt-soroll --seed 7
pty_wait '^king> ' || exit 1
pty_tmux capture-pane -p -e -t vb | grep -q $'\x1b\\[3' && bad "colour despite NO_COLOR" || ok
pty_line quit
pty_wait '__EXIT__0' && ok
pty_stop

finish test_play_molt

#!/usr/bin/env bash
# test_play_input.sh - what `vauban play` reads from the player
# (src/cli/play_input.c). From a pipe: a line longer than any order is one
# bad input, its rest dropped, not read as a second order. At a terminal
# (tmux, with libedit): Tab completes the command names, the action words
# after `list` (its second word too), and an area name after more than one
# blank; the lines typed are kept in $HOME/.vauban_history and the next
# session recalls them; a HOME too long for that path keeps no history
# rather than one under a cut name; only the current decision's actions are
# completed (Setge 1714).
set -u
VB=$(realpath "${1:?usage: test_play_input.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"

# A 2000-character line, then `board`: one illegal action, then the board
# (play_input.c:37: the rest of the line read as a second order, or never
# left behind when the loop does not stop at the newline).
{
    printf 'x%.0s' $(seq 1 2000)
    printf '\nboard\nquit\n'
} | timeout 60 "$VB" play molt-soroll --seed 7 >"$T/long.out" 2>&1
[ "$(grep -c "illegal action 'xxx" "$T/long.out")" -eq 1 ] && ok ||
    bad "a long line: expected one illegal action: $(grep -c "illegal action" "$T/long.out") in $(cut -c1-100 "$T/long.out" | tail -5)"
[ "$(grep -c '^Fronts' "$T/long.out")" -eq 2 ] && ok || bad "a long line: board not shown after it"

# Lines ended by CR LF (an orders file written on Windows): the CR is not
# part of the order (play_input.c:40: `board\r` read as an illegal action,
# `quit\r` not as quit).
printf 'board\r\nquit\r\n' | timeout 60 "$VB" play molt-soroll --seed 7 >"$T/crlf.out" 2>&1
[ "$(grep -c '^Fronts' "$T/crlf.out")" -eq 2 ] && ! grep -q 'illegal' "$T/crlf.out" && ok ||
    bad "CR LF lines: board and quit not read: $(grep -E 'illegal|^Fronts' "$T/crlf.out" | head -5)"

. "$(dirname "$0")/pty.sh" # (skips the rest without tmux)
if ! ldd "$VB" 2>/dev/null | grep -q libedit; then
    echo "vauban was built without libedit: the terminal checks skipped"
    finish test_play_input
    exit
fi

pty_start "$VB" play molt-soroll --seed 7
pty_wait '^king> ' || exit 1

# A command name completed (play_input.c:106: the first command, board,
# never offered).
pty_mark
pty_send -l 'boa'
pty_send Tab
pty_wait 'king> board' && ok
pty_send Enter
pty_wait '^Fronts' && ok

# After `list`, action words: the first and the second (play_input.c:101:
# `list ` cut one character too many, so the second word matched nothing).
pty_mark
pty_send -l 'list off'
pty_send Tab
pty_send -l 'Noblesa-a'
pty_send Tab
# (list reads "Noblesa-a" as well: the completed line itself is checked)
pty_wait 'king> list offensive Noblesa-aragonesa' && ok
pty_send Enter
pty_wait '4\. offensive Noblesa-aragonesa almogavar' && ok
[ "$(pty_since | grep -cE '^ +[0-9]+\. offensive Noblesa-aragonesa')" -eq 2 ] && ok ||
    bad "list offensive Noblesa-aragonesa: expected 2 actions: $(pty_since)"

# An area name after two blanks (play_input.c:120: the blanks after the
# command counted from the wrong place).
pty_mark
pty_send -l 'front  Andal'
pty_send Tab
pty_wait 'king> front  Andalusins' && ok
pty_send Enter
pty_wait '^Front Andalusins \[Andalusins\]' && ok

# The same with blanks before the command (play_input.c:118: the command
# looked for that many bytes before the line, so nothing was completed).
pty_mark
pty_send -l '  front Andal'
pty_send Tab
pty_wait 'king>   front Andalusins' && ok
pty_send C-u

# Two commands of one length both offered: `h`, Tab twice lists help and
# hint (play_input.c:65: `&&` -> `||` took a name of the same length for
# one already offered, so `h` became `hint` at once).
pty_mark
pty_send -l 'h'
pty_send Tab
pty_send Tab
pty_wait 'help +hint|hint +help' && ok
pty_send C-u

# After `list offensive `, only the fronts of the offensive actions, not
# the first word of the other actions (play_input.c:169: `||` -> `&&`
# offered the word where an action stopped matching: influence,
# end-actions).
pty_mark
pty_send -l 'list offensive '
pty_send Tab
pty_send Tab
pty_wait 'Noblesa-aragonesa' && ok
sleep 0.5
if pty_since | grep -qE 'influence|end-actions'; then
    bad "list offensive, Tab: other actions' words offered: $(pty_since)"
else
    ok
fi
pty_send C-u

# A typed word of exactly 128 characters (VB_TEXT_LEN), then Tab: no action
# begins with it, nothing is completed and the session goes on
# (play_input.c:153: `>=` -> `>` copied it with its end byte one past the
# word buffer; seen as a crash in the sanitized suite).
pty_mark
pty_send -l "$(printf 'x%.0s' $(seq 1 128)) "
pty_send Tab
pty_send C-u
# And no action's word is completed after it, since no action's words
# begin so (play_input.c:154, `ok = 0` -> `1` at a word too long to
# compare: "off" completed to "offensive", M46).
pty_mark
pty_send -l "$(printf 'x%.0s' $(seq 1 128)) off"
pty_send Tab
sleep 0.5
if pty_since | grep -q 'offensive'; then
    bad "M46: a word of 128 characters, then off and Tab: completed: $(pty_since)"
else
    ok
fi
pty_send C-u
pty_line board
pty_wait '^Fronts' && ok

# A command name after 511 blanks: the words before the one completed
# fill the 512-byte copy to its last byte and are still read
# (play_input.c:87: a copy of 511 bytes completed nothing there).
pty_mark
pty_send -l "$(printf '%511s' '')boa"
pty_send Tab
pty_wait 'king> {512}board' && ok # the prompt's blank and 511
pty_send C-u

pty_line quit
pty_wait '__EXIT__0' && ok
pty_stop

# The history: written at the end, recalled by the next session
# (play_input.c:210: `||` -> `&&` left the path empty, no history kept).
grep -q '^list' "$T/.vauban_history" 2>/dev/null && ok ||
    bad "no history in \$HOME/.vauban_history: $(ls -a "$T")"
pty_start "$VB" play molt-soroll --seed 7
pty_wait '^king> ' || exit 1
pty_mark
pty_send Up Up Up # quit, board, front  Andalusins
pty_send Enter
pty_wait '^Front Andalusins \[Andalusins\]' && ok
pty_line quit
pty_wait '__EXIT__0' && ok
pty_stop

# A HOME of 496 characters: "$HOME/.vauban_history" needs 513 bytes, one
# more than the path's 512: no history at all, not one under a cut name
# (play_input.c:210: `>=` -> `>` wrote ".vauban_histor").
H=$T/home
while [ ${#H} -lt 496 ]; do
    r=$((496 - ${#H} - 1))
    [ $r -gt 200 ] && r=200
    [ $((496 - ${#H} - 1 - r)) -eq 1 ] && r=$((r - 1))
    H=$H/$(printf '%*s' $r '' | tr ' ' d)
done
mkdir -p "$H"
[ ${#H} -eq 496 ] && ok || bad "the long HOME is ${#H} characters, not 496"
pty_start env HOME="$H" "$VB" play molt-soroll --seed 7
pty_wait '^king> ' || exit 1
pty_line board
pty_wait '^Fronts' && ok
pty_line quit
pty_wait '__EXIT__0' && ok
pty_stop
[ -z "$(ls -A "$H")" ] && ok || bad "a HOME too long for the history path: $(ls -A "$H")"

# Only the current decision's actions are completed, not an entry left
# past its list by an earlier, longer one (play_input.c:140, `i < nacts`
# -> `<=`: Setge 1714, seed 7, after end-artillery and `move La-Marine-1`
# the four destinations follow a list of some sixty moves, and `m` and Tab
# completed the stale "move Dragons-de-Chateaufort-2", M48).
pty_start "$VB" play setge-1714 --seed 7
pty_wait '^bourbon> ' || exit 1
pty_line end-artillery
pty_wait 'bourbon: end-artillery' && ok
pty_line 'move La-Marine-1'
pty_wait 'to Platja-del-Rec' && ok
pty_mark
pty_send -l 'm'
pty_send Tab
pty_send Tab
pty_send -l 'X'
pty_wait 'bourbon> m.*X' && ok
if pty_since | grep -q 'bourbon> mX'; then
    ok
else
    bad "M48: at the destinations, m and Tab completed a word: $(pty_since | tail -3)"
fi
pty_send C-u
pty_mark
pty_send -l 'to Fo'
pty_send Tab
pty_wait 'bourbon> to Fossat-de-Llevant' && ok
pty_send C-u
pty_line quit
pty_wait 'Leave anyway' && ok
pty_line y
pty_wait '__EXIT__0' && ok
pty_stop

finish test_play_input

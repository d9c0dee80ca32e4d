#!/usr/bin/env bash
# test_play_newgames.sh - the first decisions of Piacenza 1746 (the battle),
# Les Guerres du Roi Soleil and the 18th Century Siege Rules at a terminal
# (tmux), each against the computer: the seat's prompt, menus short enough to
# read (numbered lists of at most 60 entries, longer ones summarised), the
# chosen actions echoed and logged with their rule, a computer's turn shown
# with its summary, quitting an unsaved game asks first, and every line fits
# 80 columns.
set -u
VB=$(realpath "${1:?usage: test_play_newgames.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pty.sh" # (skips the test without tmux)

# play GAME ROLE ROUNDS ARGS...: take the first action ROUNDS times (Enter
# after each, for a confirmation or a computer's summary), then quit.
play() {
    local game=$1 role=$2 rounds=$3 i
    shift 3
    pty_stop
    pty_start "$VB" play "$game" --seed 1 "$@"
    pty_wait "^$role> |^-- Enter to go on --" || return
    pty_send Enter # past a computer's opening summary, if any
    pty_wait "^$role> " || return
    for i in $(seq 1 "$rounds"); do
        pty_mark
        pty_line 1
        pty_wait "^$role: " 50 || return
        pty_send Enter
        sleep 0.2
    done
    pty_screen | grep -qE '^\[[0-9A-Za-z .-]+\] ' && ok || bad "$game: no log line with its rule"
    pty_screen | grep -qE '^ +(6[1-9]|[7-9][0-9]|[1-9][0-9][0-9])\. ' &&
        bad "$game: a menu lists more than 60 entries" || ok
    pty_fits80 "$game"
    pty_mark
    pty_line quit
    pty_wait 'The game is not saved. Leave anyway' && ok
    pty_line y
    pty_wait '__EXIT__0' && ok
}

# Piacenza: the four secret objectives, then the first wing's formations.
play piacenza-1746 franco-spanish 8 --scenario battle --ai austrian=random
pty_screen | grep -q 'note geographic objective 1 of 4 (13.0, secret)' && ok ||
    bad "piacenza: the secret objectives are not asked first"
pty_screen | grep -q '^\[3.0\] Turn 1 (06:00)' && ok || bad "piacenza: turn 1 did not begin"

# Roi Soleil: the year opens; the coalition (computer) answers with its
# summary; France picks cabinet-strategy markers in secret.
play roi-soleil france 10 --ai coalition=random
pty_screen | grep -q 'Year 1667 begins' && ok || bad "roi-soleil: no year"
pty_screen | grep -qE '^coalition \(random\) made [0-9]+ decisions?: ' && ok ||
    bad "roi-soleil: the computer's turn is not summarised"

# The siege: day 1 opens with the besieger's orders, a long list summarised.
play siege-18c besieger 6 --ai defender=random
pty_screen | grep -qE '^[0-9]+ actions: order [0-9]+, end-movement 1' && ok ||
    bad "siege-18c: the orders are not summarised"
pty_screen | grep -q 'day 1, 1. besieger movement' && ok || bad "siege-18c: no day 1"

finish test_play_newgames

#!/usr/bin/env bash
# test_play_setge.sh - a Setge 1714 turn at a terminal (tmux) against the
# computer: a long menu summarised by verb, list filters (accents optional),
# a mistyped number echoed and taken back before anything is rolled, a unit
# moved in two stages and a whole stack in one order, another taken back
# with undo, one zone shown (`zone X`, completed with Tab), the computer's
# turn with its summary and a pause for
# Enter, quitting an unsaved game asks; every line fits 80 columns.
set -u
VB=$(realpath "${1:?usage: test_play_setge.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pty.sh" # (skips the test without tmux)

pty_start "$VB" play setge-1714 --seed 3 --ai catalan=greedy
pty_wait '^bourbon> ' || exit 1
# 30 choices: summarised, not listed.
pty_screen | grep -q '^30 actions: end-artillery 1, fire 29' && ok || bad "no menu summary"
[ "$(pty_screen | grep -cE '^ +[0-9]+\. fire ')" -eq 0 ] && ok || bad "the 30 fire orders were listed"

# One zone: its pieces with strengths, control, neighbours, and the orders
# that concern it (here the guns that can fire at its units); the name
# completed with Tab (libedit).
pty_mark
if ldd "$VB" 2>/dev/null | grep -q libedit; then
    pty_send -l 'zone Baluard-de-Sant-P'
    pty_send Tab
    pty_send Enter
else
    pty_line 'zone Baluard-de-Sant-Pere'
fi
pty_wait '^Baluard de Sant Pere \[Baluard-de-Sant-Pere\]' && ok
pty_wait 'orders that concern it now: fire Bourbon-Battery-3 Coronela-Sant-Sever-1;' && ok
pty_since | grep -q 'held by: Catalans - 2 combat units, strength 6' && ok || bad "zone: no control"
pty_since | grep -q 'pieces: Coronela Sant Sever 1 (3), Coronela Sant Sever 2 (3),' && ok ||
    bad "zone: no pieces with strengths"
pty_since | grep -q '^    Glacis de Sant Pere (RED line: no passage): empty' && ok ||
    bad "zone: no neighbours"
pty_mark
pty_line 'zone Plaça de Jonqueres'
pty_wait '^Plaça de Jonqueres \[Placa-de-Jonqueres\]' && ok
pty_mark
pty_line 'zone Atlantis'
pty_wait "unknown zone 'Atlantis'" && ok

# Filter with and without accents: the same two orders, full-list numbers.
pty_mark
pty_line 'list fire Diputació'
pty_wait 'fire Bourbon-Battery-1 Diputacio-2' && ok
[ "$(pty_since | grep -cE '^ +[0-9]+\. fire .*Diputacio')" -ge 2 ] && ok || bad "list fire Diputació"
pty_since | grep -qE '^ +[0-9]+\. fire .*Santa-Eulalia' && bad "the filter let other targets through" || ok
pty_since | grep -qE '^ +4\. fire Bourbon-Battery-1 Diputacio-1' && ok || bad "numbers are not those of the full list"

# A mistyped number: 2 fires a gun (its die is rolled inside the order).
# It is repeated in words and taken back before anything is rolled.
pty_mark
pty_line 2
pty_wait 'bourbon: fire Bourbon-Battery-1 Santa-Eulalia-1 - a die or a card follows' && ok
pty_wait 'Enter = go, n = take it back' && ok
pty_line n
pty_wait 'taken back: nothing was played' && ok
sleep 0.2
pty_since | grep -qE '^\[9\]' && bad "the gun taken back was fired" || ok

pty_mark
pty_line end-artillery
pty_wait 'movement \(rule 10\)' && ok
pty_wait 'actions: end-movement 1, move [0-9]+' && ok
pty_mark
pty_line 'list move La-Marine-1'
pty_wait 'move La-Marine-1' && ok
pty_since | grep -qE '^ +[0-9]+\. move (French|La-Marine-2)' && bad "list move La-Marine-1 shows other units" || ok
# A staged order: the unit, then its destination (no die: no question).
pty_mark
pty_line 'move La-Marine-1'
pty_wait 'to Fossat-de-Llevant' && ok
pty_line 'to Fossat-de-Llevant'
pty_wait 'La Marine 1 moves from Left Two Crowns to Fossat de Llevant' && ok
# A whole stack in one order.
pty_mark
pty_line 'move-stack Left-Two-Crowns'
pty_wait 'to Centre-Two-Crowns' && ok
pty_line 'to Centre-Two-Crowns'
pty_wait 'La Marine 2 moves from Left Two Crowns to Centre Two Crowns' && ok
pty_wait 'Dragons de Châteaufort 1 moves from Left Two Crowns to Centre Two Crowns' && ok
# A mistyped number whose next choice is still ours (the unit picked, its
# destination to come): no question, and undo takes it back.
pty_mark
pty_line 2
pty_wait '^bourbon: move ' && ok
pty_wait 'to [A-Z]' && ok
pty_mark
pty_line undo
pty_wait '^undone: move ' && ok
pty_wait 'picks a unit' && ok
# In movement the zone view names the units that could end their move there.
pty_mark
pty_line 'zone Fossat-del-Portal-Nou'
pty_wait 'orders that concern it now: ' && ok
pty_since | grep -q 'move French-Grenadiers-6;' && ok || bad "zone: no unit that could move there"
pty_line end-movement
pty_wait 'combat \(rule 11\)' && ok
pty_wait 'declares a salvo or an' && ok

# End the phase for real: the computer's turn, its summary, Enter.
pty_mark
pty_line end-combat
pty_wait 'Enter = go' && ok
pty_send Enter
pty_wait 'catalan \(greedy\) made [0-9]+ decisions?: ' 300 && ok
pty_wait '^-- Enter to go on --' && ok
pty_since | grep -q '^catalan: move ' && ok || bad "the computer's orders are not shown"
pty_mark
pty_send Enter
pty_wait '^bourbon> ' && ok
# log: the computer's turn again.
pty_mark
pty_line log
pty_wait '^catalan: move ' && ok

# Quitting an unsaved game asks first.
pty_mark
pty_line quit
pty_wait 'The game is not saved. Leave anyway' && ok
pty_line y
pty_wait '__EXIT__0' && ok
pty_fits80 "setge-1714 turn"

finish test_play_setge

#!/usr/bin/env bash
# test_mutation46.sh - checks of the command line added by the forty-sixth
# session's seed-46 mutation pass (the lead; docs/core.md "Mutation pass,
# forty-sixth session (the lead)"); messages "M46:". No random game: each
# `play` below reads its moves from a pipe and quits at its first prompt.
set -u
VB=$(realpath "${1:?usage: test_mutation46.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
unset NO_COLOR
export COLUMNS=100
cd "$T" || exit 1

# ---- the computer plays the first role too (play.c:870, `who >= 0` ->
# `who >= 1`: the besieger, role 0, given to the AI, left to the person at
# the screen instead). The siege's day opens with the besieger's movement:
# with `--ai besieger=random` the besieger's orders are the computer's and
# the first prompt is the defender's.
printf 'quit\n' | "$VB" play siege-18c --seed 3 --ai besieger=random >ai0 2>&1
has ai0 '^besieger: order ' "M46: the computer's besieger gives its orders"
has ai0 '2\. defender movement: defender to act' "M46: the first prompt is the defender's movement"
hasnt ai0 '^besieger> ' "M46: the person at the screen asked for the computer's besieger"

# ---- 'help' names each game's own area command (play.c:296, the zone
# test `== 0` -> `!= 0`: Setge and Roi Soleil lost "zone NAME", Piacenza
# was offered it in place of "hex CCRR").
for g in setge-1714:zone roi-soleil:zone piacenza-1746:hex siege-18c:work molt-soroll:front; do
    printf 'help\nquit\n' | "$VB" play "${g%%:*}" --seed 3 >help 2>&1
    case ${g##*:} in
    zone) has help '^  zone NAME ' "M46: ${g%%:*}'s help names 'zone NAME'" ;;
    hex) has help '^  hex CCRR ' "M46: piacenza-1746's help names 'hex CCRR'" ;;
    *) has help "^  ${g##*:} NAME " "M46: ${g%%:*}'s help names '${g##*:} NAME'" ;;
    esac
    [ "${g##*:}" = zone ] || hasnt help '^  zone NAME ' "M46: ${g%%:*}'s help offers 'zone NAME'"
done

# ---- a referee's own decision of more than 20 actions is summarised by
# its verbs, as when no referee plays (play.c:209, `p->who == VB_CHANCE &&
# p->referee` -> `!=`: every decision at the referee's table listed whole,
# 31 lines for the besieger's first movement, and a chance decision of
# more than 20 named outcomes summarised instead of listed).
printf 'quit\n' | "$VB" play siege-18c --seed 3 --referee >ref 2>&1
has ref '^31 actions: order 30, end-movement 1\.' "M46: the referee's 31 actions summarised"
hasnt ref '^ +31\. ' "M46: the referee's 31 actions listed one a line"

finish test_mutation46

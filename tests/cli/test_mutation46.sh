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

# ---- sim's progress bar at a terminal: each frame's bar filled in
# proportion to the games done, the last one whole (cmd_sim.c:479, `i <
# fill` -> `i > fill`: the bar empty). `script` gives sim a terminal for
# standard error; the frames end in carriage returns.
if command -v script >/dev/null; then
    script -qec "'$VB' sim molt-soroll -n 3000 --seed 1 >/dev/null" /dev/null >bar 2>&1
    tr '\r' '\n' <bar | grep -a '^\[' >frames
    python3 - frames <<'PY' && ok || bad "M46: sim's progress bar: $(cat frames)"
import re, sys
frames = [l for l in open(sys.argv[1], errors="replace")]
ok = bool(frames)
for l in frames:
    m = re.match(r"\[([#.]{30})\] (\d+)/(\d+) +([\d.]+)%", l)
    if not m:
        ok = False
        continue
    bar, done, total = m.group(1), int(m.group(2)), int(m.group(3))
    ok &= bar == "#" * (30 * done // total) + "." * (30 - 30 * done // total)
ok &= bool(frames) and re.match(r"\[#{30}\] 3000/3000 100\.0%", frames[-1]) is not None
sys.exit(0 if ok else 1)
PY
fi

# ---- a run of more than one block of games (4,096 a block) plays each
# game once: 4,097 games, 4,097 rows (cmd_sim.c:608, the last block's
# size `n - first` -> `n + first`: a whole block of 4,096 more).
"$VB" sim molt-soroll -n 4097 --seed 1 --csv blocks.csv >blocks.out 2>&1 || bad "M46: sim -n 4097"
[ "$(($(wc -l <blocks.csv) - 1))" -eq 4097 ] && ok || bad "M46: sim -n 4097 wrote $(($(wc -l <blocks.csv) - 1)) games"
[ "$(tail -n 1 blocks.csv | cut -d, -f1)" = 4096 ] && ok || bad "M46: the last game of -n 4097 is not game 4096"

# ---- analyze: ties in the ranking by the order of the legal list
# (play_advice.c:140, the tie's `ord[j - 1] > x` -> `ord[j - 2]`: read
# before the ranking's first element, stopped by AddressSanitizer; the
# rest of the ranking, its odds and -n are sh_test_mutation37's and
# sh_test_mutation43's): with 10 simulations, five actions chosen twice
# each (20%), listed as `vauban actions` lists them.
"$VB" new molt-soroll --seed 7 >m7.json 2>/dev/null
"$VB" apply m7.json 1 >m7b.json 2>/dev/null || bad "M46: apply the first card"
"$VB" actions m7b.json | sed -n 's/.*"text": "\(.*\)",*/\1/p' >legal
"$VB" analyze m7b.json -n 10 --top 12 --games 1 2>&1 | tr '\n' ' ' | sed 's/  */ /g; s/ [0-9]*\. /\n&/g' >an10
python3 - an10 legal <<'PY' && ok || bad "M46: analyze's ties: $(cat an10)"
import re, sys
rows = [l for l in open(sys.argv[1]) if re.match(r" \d+\. ", l)]
legal = [l.rstrip("\n") for l in open(sys.argv[2])]
got = [(int(re.search(r"chosen by (\d+)%", l).group(1)), re.match(r" \d+\. (.*?) wins", l).group(1)) for l in rows]
ties = [n for p, n in got if p == 20]
sys.exit(0 if len(ties) == 5 and ties == sorted(ties, key=legal.index) else 1)
PY

finish test_mutation46

#!/usr/bin/env bash
# test_mutation39.sh - checks added by the thirty-ninth session's mutation
# pass (helper sqc) for two of the four gaps that the thirty-eighth left in
# src/cli/play.c (docs/core.md, "Mutation pass, thirty-ninth session
# (helper sqc)"); messages "M39:". Positions built here, no random game:
#   - the referee's card named by part of its title is matched against the
#     cards of this decision only (play.c:354 `i <= nacts` read one stale
#     entry past the list: the card drawn last time's list ended with);
#   - after `undo` from a finished game the decision's prompt is shown
#     again (play.c:231 `prompt_shown = 1` at game over left it out);
# and two survivors of the second pass over src/core/file.c (state files):
# a finished game's winner, the generator's four words.
set -u
VB=$(realpath "${1:?usage: test_mutation39.sh path/to/vauban}")
. "$(dirname "$0")/lib.sh"
unset COLUMNS NO_COLOR
cd "$T" || exit 1

# ---- the referee (molt-soroll, seed 7): the first draw lists 15 cards,
# Vespres Sicilianes the 15th; the referee draws card 11 (Setge de
# Balaguer), the king ends his actions (a list of 10), and the second draw
# lists the 14 left, Vespres Sicilianes now the 14th. "Vespres" names it
# alone: one card, drawn (with the stale 15th entry of the first list read
# too, "matches 2 cards").
printf '11\nend-actions\nVespres\nquit\n' |
    "$VB" play molt-soroll --seed 7 --referee --no-confirm >r1 2>&1
has r1 '^draw the next card \(15 left\)$' "M39: referee: the first draw"
has r1 '^draw the next card \(14 left\)$' "M39: referee: the second draw"
has r1 '^referee> outcome: setge-balaguer$' "M39: referee: card 11"
has r1 '^referee> outcome: vespres-sicilianes$' "M39: referee: 'Vespres' of 14 cards"
hasnt r1 'matches [0-9]+ cards' "M39: referee: 'Vespres' of 14 cards is one card"

# ---- undo from the end (setge-1714): a new game's position moved to the
# last decision, the Catalans' combat of turn 12 (15:00), where
# end-combat ends the game; undo takes it back, and the decision's prompt
# is shown again above its list.
"$VB" new setge-1714 --seed 1 >n.json 2>/dev/null || bad "new setge-1714"
python3 - n.json p.json <<'EOF' || bad "M39: the position of turn 12"
import json, sys
j = json.load(open(sys.argv[1]))
j["state"].update(turn=12, time="15:00", half="catalan", phase="combat", seat="catalan")
j.pop("history", None)
j.pop("prompt", None)
j["to_move"] = "catalan"
json.dump(j, open(sys.argv[2], "w"))
EOF
printf 'end-combat\nundo\nquit\n' | "$VB" play setge-1714 --load p.json --no-confirm >u1 2>&1
has u1 '^Game over$' "M39: undo from the end: end-combat ends the game"
has u1 '^> undone: end-combat$' "M39: undo from the end: undone"
# the prompt twice: when loaded, and again after the undo
n=$(grep -cE '^Turn 12 \(15:00\), Catalans: combat \(rule 11\)' u1)
[ "$n" -eq 2 ] && ok || bad "M39: undo from the end: the prompt shown $n times, not 2: $(tail -20 u1)"
sed -n '/^> undone: end-combat$/,$p' u1 >u2
has u2 '^Turn 12 \(15:00\), Catalans: combat \(rule 11\)' "M39: undo from the end: the prompt after undo"
has u2 '^ +1\. end-combat$' "M39: undo from the end: the list after undo"

# ---- state files (src/core/file.c, its second pass): the finished game's
# file names its winner, a side (file.c:48 `winner < nsides` -> `>`: the
# winner never written); an "rng" of four words is refused only when all
# four are zero, any one of them non-zero loads (:256 the check read word 3
# for word 2: a generator whose only non-zero word is the second refused)
"$VB" apply p.json end-combat >f.json 2>/dev/null || bad "M39: apply end-combat"
python3 - f.json <<'EOF' && ok || bad "M39: the finished game's result: $(grep -A3 '"result"' f.json)"
import json, sys
r = json.load(open(sys.argv[1]))["result"]
assert r["winner"] == "catalan", r
assert r["outcomes"] == {"bourbon": "loss", "catalan": "win"}, r
assert r["verdict"].startswith("Catalan victory on points"), r
EOF
for k in 0 1 2 3 z; do
    python3 - n.json r$k.json $k <<'EOF' || bad "M39: the position with rng $k"
import json, sys
j = json.load(open(sys.argv[1]))
j.pop("history", None)
j["rng"] = ["0000000000000000"] * 4
if sys.argv[3] != "z":
    j["rng"][int(sys.argv[3])] = "00000000000000a1"
json.dump(j, open(sys.argv[2], "w"))
EOF
done
for k in 0 1 2 3; do
    expect 0 "M39: rng word $((k + 1)) alone non-zero" -- "$VB" actions r$k.json
done
expect 2 "M39: rng all zero" -- "$VB" actions rz.json
errhas "rng state may not be all zero"

finish test_mutation39.sh

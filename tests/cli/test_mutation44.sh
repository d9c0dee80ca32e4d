#!/usr/bin/env bash
# test_mutation44.sh - checks of the core and the command line added by the forty-fourth
# session's seed-44 mutation pass (the lead; docs/core.md "Mutation pass,
# forty-fourth session (the lead)"); messages "M44:". No random game.
set -u
VB=$(realpath "${1:?usage: test_mutation44.sh path/to/vauban}")
DATA=$(cd "$(dirname "$0")/../../data" && pwd)
. "$(dirname "$0")/lib.sh"
unset COLUMNS NO_COLOR
cd "$T" || exit 1

# ---- the data fingerprint takes every byte of a data file, also a last
# chunk of one byte: registry.c reads a file 8,192 bytes at a time, so a
# file of 8,192 k + 1 bytes ends in a read of one byte (registry.c:64 the
# loop `fread(...) > 0` -> `> 1`: that byte left out, two data sets that
# differ in it the same fingerprint). Two copies of data/ whose
# setge-1714/game.json is blank-padded to 8,192 k bytes and then ends in
# a blank or in a newline (both still the same JSON).
cp -r "$DATA" blank && cp -r "$DATA" newline || bad "M44: copy data/"
f=setge-1714/game.json
size=$(stat -c %s "$DATA/$f")
pad=$(((size / 8192 + 1) * 8192 - size))
head -c "$pad" /dev/zero | tr '\0' ' ' >>blank/$f
head -c "$pad" /dev/zero | tr '\0' ' ' >>newline/$f
printf ' ' >>blank/$f
printf '\n' >>newline/$f
[ $(($(stat -c %s blank/$f) % 8192)) -eq 1 ] && ok || bad "M44: the padded file is not 8,192 k + 1 bytes"
fp() { python3 -c 'import json,sys; print(json.load(sys.stdin)["data"])'; }
f0=$("$VB" new setge-1714 --seed 1 2>/dev/null | fp)
f1=$(VAUBAN_DATA=$T/blank "$VB" new setge-1714 --seed 1 2>/dev/null | fp)
f2=$(VAUBAN_DATA=$T/newline "$VB" new setge-1714 --seed 1 2>/dev/null | fp)
[ -n "$f1" ] && [ -n "$f2" ] && [ "$f1" != "$f0" ] && ok ||
    bad "M44: fingerprint of padded data: '$f1', built-in '$f0'"
[ "$f1" != "$f2" ] && ok ||
    bad "M44: data differing in the last byte of a file (of 8,192 k + 1 bytes) with one fingerprint, '$f1'"

# ---- `vauban odds --max-states N`: N in 1-1,000,000,000, the bounds
# accepted and one past either refused in one line (cmd_odds.c:94 the upper
# bound 1000000000 -> 1000000001: one past it accepted)
expect 0 "M44: odds --max-states 1000000000" -- "$VB" odds setge-1714 salvo 3 --max-states 1000000000
has "$T/out" '^    100\.0000%  \(total; 6 chance states enumerated' "M44: odds --max-states 1000000000"
expect 0 "M44: odds --max-states 1" -- "$VB" odds molt-soroll offensive Napols --max-states 1
expect 2 "M44: odds --max-states 1000000001" -- "$VB" odds setge-1714 salvo 3 --max-states 1000000001
errhas "--max-states: 1000000001 is out of range 1-1000000000"
expect 2 "M44: odds --max-states 0" -- "$VB" odds setge-1714 salvo 3 --max-states 0
errhas "--max-states: 0 is out of range 1-1000000000"

# ---- the terminal's verdict names the winning side, the first side too:
# "king wins: won, ..." (term.c:308 `r.winner >= 0` -> `> 0`: the first
# side's win printed without its name). Molt soroll's king played by
# greedy wins about one game in five: the first won game of seeds 1-40,
# saved and shown.
won=
for s in $(seq 1 40); do
    printf 'save w.json\nquit\n' | "$VB" play molt-soroll --seed "$s" --ai king=greedy >/dev/null 2>&1
    "$VB" show w.json >w.out 2>&1 || bad "M44: show of molt-soroll seed $s"
    if grep -q '^Game over$' w.out && grep -q 'won, [0-9]* victory points' w.out; then
        won=$s
        break
    fi
done
[ -n "$won" ] && ok || bad "M44: no game won by the king in seeds 1-40"
has w.out '^king wins: won, [0-9]+ victory points' "M44: the verdict of a game the king won (seed $won)"

# ---- a word wider than the terminal is cut into pieces as wide as the
# room left (term.c:81 bytes_for_cols' `w = 0` -> `1`: every piece one
# column short). COLUMNS=20, an unknown action of 500 letters: play's
# refusal quotes its first 60, cut at 20 columns after a hang of 2.
x=$(head -c 500 /dev/zero | tr '\0' x)
printf '%s\nquit\n' "$x" | COLUMNS=20 "$VB" play molt-soroll --seed 1 >cut.out 2>&1
has cut.out "^  'x{17}$" "M44: COLUMNS=20: the refused word's first piece, 20 columns"
has cut.out '^  x{18}$' "M44: COLUMNS=20: the refused word's next piece, 20 columns"

finish test_mutation44

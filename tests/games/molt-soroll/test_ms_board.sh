#!/usr/bin/env bash
# test_ms_board.sh - Molt soroll per un rei: `vauban show STATE --svg FILE`
# calls the game's SVG hook; the file is one <svg> with the fronts, tokens
# and tracks named as action texts name them; rendered with rsvg-convert
# when it is installed (a PNG of the board's size comes out). A state with
# an unknown key is refused with one line.
set -u
VB=${1:?usage: test_ms_board.sh path/to/vauban}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

"$VB" new molt-soroll --seed 3 >"$T/s.json" 2>/dev/null || bad "new"
"$VB" show "$T/s.json" --svg "$T/b.svg" >/dev/null 2>&1 || bad "show --svg"
head -c 5 "$T/b.svg" | grep -q '<svg ' || bad "not an svg"
for ref in Noblesa-catalana Noblesa-aragonesa Andalusins Almogavar-1 Estol-Reial nobility pope james riot pirates; do
    grep -q "data-ref=\"$ref\"><title>" "$T/b.svg" || bad "no data-ref $ref"
done
grep -q '<script' "$T/b.svg" && bad "script in the board"
if command -v rsvg-convert >/dev/null; then
    rsvg-convert "$T/b.svg" -o "$T/b.png" 2>"$T/err" || bad "rsvg-convert: $(cat "$T/err")"
    [ -s "$T/b.png" ] || bad "empty png"
fi
sed 's/"phase"/"phaze": 1, "phase"/' "$T/s.json" >"$T/bad.json"
"$VB" show "$T/bad.json" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "unknown key accepted"
[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "unknown key 'phaze'" "$T/err" || bad "message: $(cat "$T/err")"
[ $fail -eq 0 ] && echo "test_ms_board: all passed"
exit $fail

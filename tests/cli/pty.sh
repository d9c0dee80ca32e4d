# pty.sh - helpers for the tests that play `vauban play` at a terminal:
# the program runs in a detached tmux session (80 x 50; $PTY_COLS columns
# when set), keys are sent with
# send-keys and the screen is read back with capture-pane. Sourced by
# tests/cli/test_play*.sh after they set VB and T (a scratch directory);
# without tmux the test is skipped (exit 0), and at exit the session ends
# and T is removed.
#   pty_start CMD...      start CMD in a fresh session, in $T, HOME=$T
#   pty_send KEYS...      tmux send-keys (Enter, Tab, C-d, or text)
#   pty_line TEXT         type TEXT and Enter
#   pty_screen            the whole scroll-back, wrapped lines joined
#   pty_wait PATTERN [N]  wait until grep -E PATTERN matches the screen
#                         after the mark (N tenths of a second, default 200)
#   pty_mark              later waits and pty_since look only after here
#   pty_since             the screen after the mark
#   pty_stop              end the session and its server
# ok/bad come from the test (lib.sh); a wait that times out fails the
# test at once.
if ! command -v tmux >/dev/null; then
    echo "tmux is not installed (scripts/setup installs it): skipped"
    exit 0
fi
trap 'pty_stop; rm -rf "$T"' EXIT
PTY_SOCK=""
PTY_N=0
PTY_MARK=0
printf 'set -g history-limit 100000\nset -g default-terminal "screen"\n' >"$T/tmux.conf"
pty_tmux() { LC_ALL=C.UTF-8 tmux -L "$PTY_SOCK" -f "$T/tmux.conf" "$@"; }
pty_start() {
    local cmd="" a
    PTY_N=$((PTY_N + 1))
    PTY_SOCK="vbt-$$-$PTY_N"
    for a in "$@"; do cmd="$cmd '${a//\'/\'\\\'\'}'"; done
    pty_tmux new-session -d -x "${PTY_COLS:-80}" -y 50 -s vb \
        "cd '$T' && HOME='$T' LC_ALL=C.UTF-8 $cmd; echo __EXIT__\$?; sleep 60"
    PTY_MARK=0
}
pty_send() { pty_tmux send-keys -t vb "$@"; }
pty_line() {
    pty_tmux send-keys -t vb -l -- "$1"
    pty_tmux send-keys -t vb Enter
}
pty_screen() {
    pty_tmux capture-pane -p -J -S - -E - -t vb |
        awk '{ a[NR] = $0; if ($0 != "") last = NR } END { for (i = 1; i <= last; i++) print a[i] }'
}
pty_mark() { PTY_MARK=$(pty_screen | wc -l); }
pty_since() { pty_screen | tail -n +"$((PTY_MARK))"; }
pty_wait() {
    local i
    for i in $(seq 1 "${2:-200}"); do
        pty_since | grep -qE -- "$1" && return 0
        sleep 0.1
    done
    # the screen first: bad ends the script
    echo "screen ends:"
    pty_since | tail -n 15 | sed 's/^/    | /'
    bad "timed out waiting for /$1/ (screen above)"
    return 1
}
pty_stop() { [ -z "$PTY_SOCK" ] || pty_tmux kill-server 2>/dev/null || true; }
# Every line printed fits 80 columns (display width, UTF-8).
pty_fits80() {
    local w
    w=$(pty_screen | LC_ALL=C.UTF-8 wc -L)
    if [ "$w" -le 80 ]; then ok; else
        pty_screen | LC_ALL=C.UTF-8 awk 'length($0) > 80' | head -3
        bad "$1: a line is $w columns wide (above)"
    fi
}

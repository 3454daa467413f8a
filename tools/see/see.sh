#!/usr/bin/env bash
# see.sh PICTURES COMMAND [ARG...] -- run COMMAND (a lesson program, a
# grader's checker) under Oclgrind with the plugin (build/see/access-plugin.so, from tools/see/access-plugin.cpp) and print
# what its kernels' memory accesses and branches would cost a GPU's warps
# (tools/see/see.py explains every key), then draw PICTURES/*.svg.
# SEE_ONLY=REGEX keeps only the findings that match it (and the summaries).
# SEE_SHOWN names the run in the report's first line instead of the command.
# The program's own output is kept out of the report; it is shown when the
# program fails. Exit: 0 report printed, 2 could not run or the program failed.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
plugin=${SEE_PLUGIN:-$root/build/see/access-plugin.so}
if [ $# -lt 2 ]; then
    echo "error: usage: tools/see/see.sh PICTURES COMMAND [ARG...]" >&2
    exit 2
fi
pics=$1; shift
command -v oclgrind >/dev/null || { echo "error: see needs Oclgrind: make deps-see" >&2; exit 2; }
[ -f "$plugin" ] || { echo "error: no plugin at $plugin: make $root/build/see/access-plugin.so" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)
SEE_OUT=$tmp/raw oclgrind --plugins "$plugin" "$@" >"$tmp/out" 2>&1
st=$?
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
# Status 1 is a wrong result (a lesson) or lost marks (a checker): the
# kernels ran, so the report stands. Anything else: no report.
if [ $st -ne 0 ] && { [ $st -ne 1 ] || [ ! -s "$tmp/raw" ]; }; then
    if [ $st -eq 2 ] && grep -q '^error: ' "$tmp/out"; then # it said why: that is the message
        grep -v -e '^platform: ' -e '^device: ' "$tmp/out" | tail -n 20 >&2
    else
        tail -n 20 "$tmp/out" >&2
        echo "error: '$*' exited with status $st under Oclgrind (its last lines above): no report" >&2
    fi
    exit 2
fi
if ! grep -q '^K ' "$tmp/raw" 2>/dev/null; then # -h, --list: the program's own output is the answer
    cat "$tmp/out"
    echo "see: no kernel ran under Oclgrind: nothing to report" >&2
    exit 0
fi
[ $st -eq 1 ] && echo "note: the program exited 1 (a wrong result, or marks lost): this is what its kernels did" >&2
echo "run: ${SEE_SHOWN:-$*} (exit $st under Oclgrind, $secs s; warp = 32 work-items, segment = 128 bytes, 32 banks of 4 bytes)"
python3 "$root/tools/see/see.py" "$tmp/raw" --pictures "$pics" ${SEE_ONLY:+--only "$SEE_ONLY"}

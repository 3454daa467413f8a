#!/usr/bin/env bash
# capture.sh RESULTS -- `make see-capture`: run each line of
# tools/see/capture.args through tools/see/see.sh and save the report as
# RESULTS/NAME.txt (the command first, as `make see-NN` takes it: its
# pictures go where that command puts them, build/see/LESSON/) and copy the
# pictures the line names to RESULTS/NAME/ (the repository keeps what the
# chapters show). Nothing in RESULTS is written by hand.
set -u
cd "$(dirname "$0")/../.." || exit 2
res=${1:-}
[ -n "$res" ] || { echo "error: usage: tools/see/capture.sh RESULTS" >&2; exit 2; }
mkdir -p "$res" 2>/dev/null && [ -w "$res" ] || { echo "error: cannot write to $res" >&2; exit 2; }
status=0
while read -r name lesson only keep args; do
    case "$name" in '' | '#'*) continue ;; esac
    nn=${lesson%%-*}
    [ "$only" = - ] && only=""
    {
        echo "# captured $(date -u +%Y-%m-%d) by 'make see-capture' (Oclgrind $(oclgrind --version 2>/dev/null | sed -n 's/^Oclgrind \([0-9.]*\).*/\1/p' | head -n 1))"
        echo "\$ make see-$nn ARGS='$args'${only:+    # findings matching $only, and the summary}"
        SEE_ONLY=$only tools/see/see.sh "build/see/$lesson" "./build/$lesson" $args 2>&1 |
            sed "s|^run: ./build/$lesson |run: |"
    } >"$res/$name.txt"
    rm -rf "${res:?}/$name"
    for pic in ${keep//,/ }; do
        [ "$pic" = - ] && continue
        mkdir -p "$res/$name" && cp "build/see/$lesson/$pic.svg" "$res/$name/" || status=1
    done
    if grep -q '^summary:' "$res/$name.txt"; then echo "see-capture: $res/$name.txt"
    else echo "error: $name: no report (see $res/$name.txt)" >&2; status=1; fi
done <tools/see/capture.args
exit $status

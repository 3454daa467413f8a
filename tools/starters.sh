#!/usr/bin/env bash
# starters.sh write|check|solve DIR -- the starters in exercises/ are made
# from the solutions with unifdef: every #if SOLUTION region becomes its
# #else part. write: regenerate them. check: list the ones that differ from
# what is committed (exit 1 if any). solve EX DIR: write the solved files of
# exercise EX into DIR.
set -u
cd "$(dirname "$0")/.." || exit 2
mode=${1:-check}
status=0
gen() { # gen VALUE FILE: unifdef exits 0 (unchanged) or 1 (changed); 2 is an error
    unifdef -DSOLUTION="$1" "$2"
    [ $? -le 1 ]
}
if [ "$mode" = solve ]; then
    ex=$2 out=$3
    for f in solutions/"$ex"/*; do [ -f "$f" ] || continue; gen 1 "$f" >"$out/$(basename "$f")" || exit 2; done
    exit 0
fi
if ! ls -d solutions/*/ >/dev/null 2>&1; then # a handout: the starters are all there is
    echo "starters: no solutions/ here (a handout): the starters in exercises/ are already written"
    exit 0
fi
for sol in solutions/*/; do
    ex=$(basename "$sol")
    # A new exercise's folder is made by write; check wants it there.
    [ "$mode" = write ] && mkdir -p "exercises/$ex"
    [ -d "exercises/$ex" ] || { echo "starters: solutions/$ex has no exercises/$ex (make starters writes it)" >&2; status=1; continue; }
    for f in "$sol"*; do
        [ -f "$f" ] || continue # instructor/: the hidden cases and answer key, no starter
        starter="exercises/$ex/$(basename "$f")"
        if [ "$mode" = write ]; then
            gen 0 "$f" >"$starter" || { echo "starters: unifdef failed on $f" >&2; exit 2; }
        elif ! gen 0 "$f" | cmp -s - "$starter"; then
            echo "starters: $starter differs from what $f generates (run make starters)"
            status=1
        fi
    done
done
exit $status

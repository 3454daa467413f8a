#!/usr/bin/env bash
# handout.sh -- build/handout.tar.gz: the workbook for students, without
# solutions/ and the grader's corpus of wrong attempts. They can build and
# run every lesson, read the chapters, run the tests and grade their own
# attempts (make grade EX=... DIR=...). Works in a git clone (the tracked
# files) and in an unpacked handout, which has no git (every file but build/).
# Where solutions/ is present, the handout is searched before it is packed:
# no line of a solution's #if SOLUTION branches (longer than 25 characters
# once trimmed, not a line of the starter or of the teaching material too,
# not a loop's header alone) and no line of an
# instructor's file (solutions/EX/instructor/: hidden cases, answer keys)
# may appear in it, and no instructor file may be in it at all.
# handout.sh --check DIR: that search only, of the handout folder DIR.
set -u
cd "$(dirname "$0")/.." || exit 2
# leaks DIR: print every place in DIR that holds a solution's or an answer's
# text; exit 1 if there is one, 0 if none, 2 when there is nothing to search
# against (no solutions/ here)
leaks() {
    local dir=$1 pats f ex st=0
    ls -d solutions/*/ >/dev/null 2>&1 || { echo "handout: no solutions/ here: nothing to search the handout for" >&2; return 2; }
    # make lab's grade logs name every check, the hidden cases' sizes and seeds too
    for f in "$dir"/results/*/lab/logs; do
        [ -e "$f" ] && { echo "handout: the grade logs $f are in the handout (they name the hidden cases)"; st=1; }
    done
    pats=$(mktemp)
    for f in solutions/*/*; do
        [ -f "$f" ] || continue
        # the lines only the solved file has, trimmed
        comm -23 <(unifdef -DSOLUTION=1 "$f" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//' | sort -u) \
                 <(unifdef -DSOLUTION=0 "$f" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//' | sort -u)
    done | awk 'length($0) > 25 && !/^for \(.*\) *[{]?$/' >"$pats" # a loop's header alone tells nothing
    for f in solutions/*/instructor/*; do
        [ -f "$f" ] || continue
        sed 's/^[[:space:]]*//; s/[[:space:]]*$//' "$f" | awk 'length($0) > 25 && !/^(\/\*|\*)/ && !/^for \(.*\) *[{]?$/' >>"$pats"
        ex=$(basename "$(dirname "$(dirname "$f")")")
        if [ -e "$dir/solutions/$ex/instructor/$(basename "$f")" ] || [ -e "$dir/exercises/$ex/instructor/$(basename "$f")" ]; then
            echo "handout: the instructor's file $f is in the handout"; st=1
        fi
    done
    sort -u -o "$pats" "$pats"
    # A line the teaching material itself holds (the lessons' kernels and
    # programs, common/, the book, the recorded results, the starters) is
    # what the course teaches, not a solution: barrier(CLK_LOCAL_MEM_FENCE);
    local base=() b
    for b in kernels lessons common book results tests/fixtures; do [ -e "$dir/$b" ] && base+=("$dir/$b"); done
    for f in solutions/*/*; do
        [ -f "$f" ] || continue
        b=$dir/exercises/$(basename "$(dirname "$f")")/$(basename "$f")
        [ -f "$b" ] && base+=("$b")
    done
    if [ ${#base[@]} -gt 0 ]; then
        grep -rhoF -f "$pats" "${base[@]}" 2>/dev/null | sort -u >"$pats.taught"
        grep -vxF -f "$pats.taught" "$pats" >"$pats.left"
        mv "$pats.left" "$pats"
        rm -f "$pats.taught"
    fi
    if [ -s "$pats" ] && grep -rnF -f "$pats" "$dir" >"$pats.hits" 2>/dev/null; then
        sed 's/^/handout: solution or answer text at /' "$pats.hits" | cut -c1-300
        st=1
    fi
    rm -f "$pats" "$pats.hits"
    return $st
}
if [ "${1:-}" = --check ]; then
    [ -d "${2:-}" ] || { echo "usage: tools/handout.sh --check DIR (an unpacked handout)" >&2; exit 2; }
    leaks "$2"
    st=$?
    [ $st -eq 0 ] && echo "handout: $2 holds no solution's and no answer's text"
    exit $st
fi
# A folder of its own for each run, and the archive renamed into place, so
# that two runs at once (two test files, say) never mix their files.
mkdir -p build && out=$(mktemp -d build/handout.XXXXXX) && mkdir -p "$out/opencl-workbook" || exit 2
trap 'rm -rf "$out" "$out.tar.gz"' EXIT
skip() { grep -zv -e '^solutions/' -e '^\.ci/' -e '^tests/grader-corpus/' -e '^tests/grader-right/' -e '^build/' -e '^\.git/' \
                 -e '^results/[^/]*/lab/logs/'; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ -n "$(git ls-files | head -n 1)" ]; then
    git ls-files -z | skip >"$out/files"
else
    find . -type f -print0 | sed -z 's|^\./||' | skip >"$out/files"
fi
[ -s "$out/files" ] || { echo "error: handout: no files found to hand out" >&2; exit 2; }
xargs -0 cp --parents -t "$out/opencl-workbook" <"$out/files" || { echo "error: handout: copying failed" >&2; exit 2; }
# The students' README names no solutions/ folder.
[ -f "$out/opencl-workbook/README.md" ] && sed -i '/`solutions\//d' "$out/opencl-workbook/README.md"
if ls -d solutions/*/ >/dev/null 2>&1; then
    leaks "$out/opencl-workbook"
    case $? in
    0) ;;
    *) echo "error: handout: not packed: it would give solutions or answers away (above)" >&2; rm -f build/handout.tar.gz; exit 1 ;;
    esac
fi
tar -C "$out" -czf "$out.tar.gz" opencl-workbook && mv -f "$out.tar.gz" build/handout.tar.gz || exit 2
echo "handout: build/handout.tar.gz ($(tar -tzf build/handout.tar.gz | grep -vc '/$') files, no solutions/)"

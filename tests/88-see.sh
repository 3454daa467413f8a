# make see: the Oclgrind plugin's warp model on kernels whose answer is known
# (tests/fixtures/see/known.cl) and the same checks failing with two broken
# plugins (one ignores which lane an access comes from, one ignores
# barriers), the chapters' comparisons on the real lessons, the pictures, the
# make targets and bad input.
SEE_FIX=tests/fixtures/see
SEE_MATCH=$SEE_FIX/match.sh
SEE_OK=$PWD/$BIN/see/access-plugin.so

expect 0 "see: the plugin builds (g++ against liboclgrind)" -- make -s "$BIN/see/access-plugin.so"
for b in lanes phases; do
    expect 0 "see: the broken-$b plugin builds" -- make -s "$BIN/see/access-plugin-broken-$b.so"
done
expect 0 "see: the fixture kernels pass the offline syntax check" -- \
    tools/check-kernels.sh "$SEE_FIX/known.cl" "$SEE_FIX/06-3-uncoalesced/transpose.cl"
expect 0 "see: the host of the known kernels builds" -- \
    cc -std=c11 -O1 -Wall -Wextra -Werror -o "$BIN/see/known" "$SEE_FIX/known.c" -lOpenCL

# kernel | what the report must say | why it is known | the broken plugins
# that must miss it (lanes: every access a warp of its own; phases: lanes
# met by k-th execution across barriers)
SEE_KNOWN=(
    "load_stride1|space=global op=load segments=1\.0 ideal=1\.0 efficiency=100% warps=2$|stride-1 float load: 1 segment per warp|lanes"
    "load_stride32|space=global op=load segments=32\.0 ideal=1\.0 efficiency=3% warps=2$|stride-32 float load: 32 segments per warp|lanes"
    "load_same|space=global op=load segments=1\.0 .* warps=2$|every lane the same float: 1 segment|lanes"
    "local_stride32|space=local op=store bank_ways=32 avg_ways=32\.0 conflicted=100% warps=2$|local stride 32: 32-way conflict|lanes"
    "local_stride32|space=local op=load bank_ways=32 .* warps=2$|local stride 32, read back: 32-way|lanes"
    "local_padded|space=local op=load bank_ways=1 avg_ways=1\.0 conflicted=0% warps=2$|local stride 33 (padded): 1-way|lanes"
    "local_joining|space=local op=load bank_ways=1 avg_ways=1\.0 .* warps=6$|lanes joining a loop phase by phase: 1-way|phases"
    "local_stride32|barrier: kernel=local_stride32 line=35 per_group=1|one barrier, two phases|-"
    "local_stride32|^source: kernel=local_stride32 line=34: t\[l \* 32\] = in\[l\];$|each line's source text|-"
    "branch_parity|branch: kernel=branch_parity line=54 active_lanes=50% divergent=100% warps=2$|branch on lane parity: 50 % of lanes|lanes"
    "branch_uniform|branch: kernel=branch_uniform line=62 active_lanes=100% divergent=0% warps=2$|branch alike in a warp: 100 %|lanes"
)
for row in "${SEE_KNOWN[@]}"; do
    IFS='|' read -r k re why broken <<<"$row"
    expect 0 "see: $why" -- "$SEE_MATCH" "$SEE_OK" "$k" "$re"
    # The same expectation against each broken plugin that must miss it
    # (exit 1: it ran, but the line is not there).
    for b in $broken; do
        [ "$b" = - ] && continue
        expect 1 "see: the broken-$b plugin misses it: $why" -- \
            "$SEE_MATCH" "$PWD/$BIN/see/access-plugin-broken-$b.so" "$k" "$re"
    done
done

# The comparisons the chapters make, on the real lessons: a number from one variant's
# summary against another's (summary: ... KEY=VALUE, % dropped).
see_key() { # see_key KEY LESSON ARGS... -> the value of KEY in the first summary
    local key=$1 l=$2; shift 2
    tools/see/see.sh "$BIN/see/$l" "./$BIN/$l" "$@" | sed -n "s/^summary: .* $key=\([0-9.]*\)%\{0,1\}\( .*\)\{0,1\}\$/\1/p" | head -n 1
}
see_more() { # see_more KEY "LESSON ARGS" "LESSON ARGS": the first's KEY > the second's
    local a b
    a=$(see_key "$1" $2) b=$(see_key "$1" $3)
    echo "$1: $a ($2) against $b ($3)"
    [ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > b) }'
}
export -f see_key see_more
export BIN
expect_out 0 'bank_ways' "see-04: blelloch has more bank-conflict ways than blelloch-pad" -- \
    bash -c 'see_more bank_ways "04-prefix-scan -o blelloch -n 512" "04-prefix-scan -o blelloch-pad -n 512"'
expect_out 0 'local_replays' "see-04: and more local passes per access" -- \
    bash -c 'see_more local_replays "04-prefix-scan -o blelloch -n 512" "04-prefix-scan -o blelloch-pad -n 512"'
expect_out 0 'global_segments' "see-05: rows (uncoalesced) touches more segments per warp than naive" -- \
    bash -c 'see_more global_segments "05-matrix-multiplication -m 32 -n 32 -k 32 -o rows -r 1" "05-matrix-multiplication -m 64 -n 64 -k 64 -o naive -r 1"'
expect_out 0 'global_segments' "see-05: bt (B transposed, uncoalesced) more than tiled" -- \
    bash -c 'see_more global_segments "05-matrix-multiplication -m 32 -n 32 -k 32 -o bt -r 1" "05-matrix-multiplication -m 64 -n 64 -k 64 -o tiled -r 1"'
expect_out 0 'bank_ways' "see-05: tiled has more bank ways than tiled-pad" -- \
    bash -c 'see_more bank_ways "05-matrix-multiplication -m 32 -n 32 -k 32 -o tiled -r 1" "05-matrix-multiplication -m 64 -n 64 -k 64 -o tiled-pad -r 1"'
expect_out 0 'active_lanes' "see-07: bits keeps more lanes active than dfs" -- \
    bash -c 'see_more active_lanes "07-subset-sum -n 16 -k 8 -o bits -c random -r 1" "07-subset-sum -n 16 -k 8 -o dfs -c random -r 1"'

# Lesson 04 prints a hand-made bank model of its up-sweep; its worst case
# must be what the plugin measures on the kernel itself, padded and not.
see_model() { # see_model VARIANT ROW: the model's worst ways against the measured bank_ways
    local model measured
    model=$("./$BIN/04-prefix-scan" -o "$1" -n 512 -r 1 | awk -v row="$2:" '$1 == row { for (i = 2; i <= NF; i++) { v = $i + 0; if (v > m) m = v } print m }')
    measured=$(see_key bank_ways 04-prefix-scan -o "$1" -n 512)
    echo "model ${model:-(not printed)}, measured $measured"
    [ -z "$model" ] || [ "$model" = "$measured" ]
}
export -f see_model
expect_out 0 'measured 16$' "see-04: the lesson's bank model of blelloch agrees with the measurement (16-way)" -- \
    bash -c 'see_model blelloch plain'
expect_out 0 'measured 1$' "see-04: and of blelloch-pad (1-way)" -- bash -c 'see_model blelloch-pad padded'

# The make targets print the report and say where the pictures are.
expect_out 0 '^pictures: build/see/04-prefix-scan/\*\.svg' "see-04 through make" -- \
    make -s see-04 ARGS='-o blelloch -n 512'
SEE_SOL=$(mktemp -d)
unifdef -x2 -DSOLUTION=1 solutions/06-3-local-index/transpose.cl >"$SEE_SOL/transpose.cl"
SEE_LINE=$(grep -n 'out\[' "$SEE_SOL/transpose.cl" | tail -n 1 | cut -d: -f1) # the student's store
expect_out 0 "access: kernel=transpose line=$SEE_LINE space=global op=store" "see EX=06-3: the solution's writes, at the student's line" -- \
    make -s see EX=06-3 DIR="$SEE_SOL"
expect_out 0 '^summary: kernel=transpose .*bank_ways=[0-9]+ local_replays=' "see EX=06-3: the tile's bank conflicts are measured" -- \
    make -s see EX=06-3 DIR="$SEE_SOL"
expect_out 0 "^source: kernel=transpose line=$SEE_LINE: +out\\[" "see EX=06-3: the source line is the student's, past the checker's #line" -- \
    make -s see EX=06-3 DIR="$SEE_SOL"
expect_out 0 '^access: kernel=transpose .*op=store' "see EX=06-3, brief (for the grader): the worst store" -- \
    env SEE_BRIEF=1 tools/see/see-exercise.sh 06-3 "$SEE_SOL"
# The grader's advice on 06-3 (tools/see/feedback.sh): the figures it quotes
# are the solution's, and an uncoalesced attempt (right, full marks) hears
# that its writes touch more segments per warp than the expected kernel's.
expect 0 "see: tools/see/expected.txt matches the solutions (make see-expected)" -- tools/see/expected.sh --check
SEE_WANT=$(awk '$1 == "06-3-local-index" { sub(/store=/, "", $3); print $3 }' tools/see/expected.txt)
expect_out 0 "your writes touch ${SEE_WANT//./\\.} segments of 128 bytes per warp of 32 \\(transpose\\.cl:$SEE_LINE\\), the expected kernel.s ${SEE_WANT//./\\.};" \
    "see feedback: the solution's writes are the expected ones" -- tools/see/feedback.sh 06-3 "$SEE_SOL"
expect 0 "see feedback: an uncoalesced transpose hears its writes cost more" -- bash -c '
    line=$(tools/see/feedback.sh 06-3 '"$SEE_FIX"'/06-3-uncoalesced) || exit 1
    echo "$line"
    echo "$line" | awk "{ for (i = 1; i <= NF; i++) if (\$i == \"touch\") w = \$(i + 1); if (match(\$0, /expected kernel.s [0-9.]+;/)) e = substr(\$0, RSTART + 18, RLENGTH - 19) }
        END { exit !(w + 0 > 2 * e) }"'
expect_out 0 '^$' "see feedback: nothing for an exercise about something else" -- \
    bash -c "tools/see/feedback.sh 02-1 '$SEE_SOL'; echo"
# The same advice in the grade: tools/grade.sh runs Oclgrind with the plugin
# in the sandbox and quotes only numbers from what comes back, after the
# score. The solution hears the expected figures, at its own lines.
expect_out 0 "^  advice \\(not marked\\): see: your writes touch ${SEE_WANT//./\\.} segments of 128 bytes per warp of 32 \\(transpose\\.cl:$SEE_LINE\\), the expected kernel.s ${SEE_WANT//./\\.};" \
    "grade 06-3: the access advice is in the grade report" -- env GRADE_NO_SPEED=1 tools/grade.sh 06-3 "$SEE_SOL"
# A kernel that prints a fake advice line with the expected figures (after a
# carriage return and an erase-line sequence, to hide the bar before it) and
# a full score: one advice line, the plugin's (its writes cost more than
# twice the expected kernel's), the forgeries behind their bar with their
# control characters shown as ?, and the score the checks gave.
see_forged() {
    local out want n
    out=$(GRADE_NO_SPEED=1 tools/grade.sh 06-3 tests/fixtures/see/06-3-forged-advice)
    echo "$out" | cut -c 1-160
    want=$(awk '$1 == "06-3-local-index" { sub(/store=/, "", $3); print $3 }' tools/see/expected.txt)
    n=$(echo "$out" | grep -c '^  advice (not marked): ')
    [ "$n" -eq 1 ] || { echo "$n advice lines"; return 1; }
    echo "$out" | grep '^  advice (not marked): ' | awk -v e="$want" '{ for (i = 1; i <= NF; i++) if ($i == "touch") w = $(i + 1) }
        END { if (!(w + 0 > 2 * e)) { print "advice says " w ", expected kernel " e; exit 1 } }' || return 1
    ! printf '%s' "$out" | LC_ALL=C grep -q "$(printf '[\r\033]')" || { echo "a control character reached the report"; return 1; }
    echo "$out" | grep -q '^    | ??\[2K  advice (not marked): see: your writes touch 1\.9 ' || { echo "the forgery is not behind its bar"; return 1; }
    echo "$out" | grep -q '^exercise 06-3-local-index: score 6/8$'
}
export -f see_forged
expect_out 0 'score 6/8' "grade 06-3: a kernel printing a fake advice line and score forges neither" -- bash -c see_forged
rm -rf "$SEE_SOL"

# Pictures: well-formed SVG, 360 px wide (a phone), small.
expect 0 "see: every picture is well-formed SVG, 360 px wide, under 200 kB" -- python3 -c '
import glob, os, sys, xml.etree.ElementTree as ET
files = glob.glob("build/see/04-prefix-scan/*.svg")
assert files, "no pictures"
for f in files:
    r = ET.parse(f).getroot()
    assert r.get("width") == "360", f
    assert os.path.getsize(f) < 200000, f
'

# The maps mark the warps with a bank conflict: every row of local_stride32's
# tile, none of local_padded's.
see_red() { # see_red KERNEL: how many rows of its local map are marked red
    local d
    d=$(mktemp -d)
    tools/see/see.sh "$d" "$BIN/see/known" tests/fixtures/see/known.cl "$1" 64 64 >/dev/null || return 2
    [ -f "$d/$1-t.svg" ] || return 2
    grep -c '#cc0000' "$d/$1-t.svg"
    rm -rf "$d"
}
export -f see_red
expect_out 0 '^64$' "see: the stride-32 tile's map marks all 64 work-items' rows" -- bash -c 'see_red local_stride32'
expect_out 0 '^0$' "see: the padded tile's map marks none" -- bash -c 'see_red local_padded'

# Bad input: one line, exit 2.
expect_bad "see: no such exercise" -- tools/see/see-exercise.sh 99 /tmp
expect_bad "see: DIR is not a folder" -- tools/see/see-exercise.sh 06-3 /nonexistent
SEE_BAD=$(mktemp -d)
echo '__kernel void transpose(__global float *in) { int x = ; }' >"$SEE_BAD/transpose.cl"
expect_bad "see: an attempt that does not compile, in one line" -- tools/see/see-exercise.sh 06-3 "$SEE_BAD"
rm -rf "$SEE_BAD"
expect_bad "see: host-C exercise refused" -- tools/see/see-exercise.sh 01-2 /tmp
expect_bad "see: a lesson's bad option is its own one line" -- tools/see/see.sh /tmp/see-x "./$BIN/04-prefix-scan" -n 0
expect_bad "see-NN without ARGS: the defaults are too slow, an example instead" -- tools/see/see-lesson.sh "$BIN" 04-prefix-scan
expect_out 0 'nothing to report' "see: a run without kernels (-h) prints the program's help" -- tools/see/see.sh /tmp/see-x "./$BIN/04-prefix-scan" -h
expect_bad "see: see.py on a missing file" -- python3 tools/see/see.py /nonexistent
expect_bad "see: see.sh without a command" -- tools/see/see.sh

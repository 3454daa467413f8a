# What the statements say that a right result alone does not show, and a
# verdict channel the student's code cannot rewrite:
#   - 05-3's mapping of work-items to columns (lx, lx + RTS, ...): the access
#     plugin counts work-items side by side in a row whose stores are
#     adjacent (see.py --adjacent); lx*WPT + w gives the right product and
#     0% (it got full marks before: its segments per warp, 4.3, are the
#     stated mapping's 4.2 on these small tiles);
#   - 03-3 and 04-4 at the widest work-group the device allows (a local
#     array sized for 256 work-items got full marks before);
#   - 08-2: a program that seeks back on its report descriptor and blanks
#     the stand-in OpenCL's fault line, or points the descriptor at
#     /dev/null while it misuses an event, got full marks before;
#   - the lab archive (tools/grading-tools.sh) carries the access plugin, and
#     tools/lab.sh points the grader at it.

if [ ! -d solutions ]; then
    pass "grader mapping: no solutions/ here (a handout): the grader's tests are the instructors'"
    return 0
fi
expect 0 "grader mapping: the access plugin builds" -- make -s build/see/access-plugin.so

# mapping_attempt EX NAME: the solution with the corpus attempt's files on top
mapping_attempt() {
    local w
    w=$(mktemp -d)
    tools/starters.sh solve "$1" "$w"
    [ -z "$2" ] || find "tests/grader-corpus/$1/$2" -maxdepth 1 -type f ! -name expect ! -name graded-in-full -exec cp {} "$w/" \;
    echo "$w"
}

# ---- 05-3: which columns a work-item takes ---------------------------------------
map_runs=$(mapping_attempt 05-3-work-per-item runs-of-columns)
map_sol=$(mapping_attempt 05-3-work-per-item "")
expect_out 1 "FAIL work-items take the statement's columns of C: neighbouring work-items of a row do not write neighbouring columns of C .*: of the work-items side by side in a row of a work-group, 0% write adjacent elements \\(gemm\\.cl:[0-9]+\\)" \
    "grader mapping: 05-3 with columns lx*WPT + w loses the mapping check, with the figure" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 05-3 "$map_runs"
expect_out 1 "score 8/9" "grader mapping: 05-3 with columns lx*WPT + w loses it without bubblewrap too" -- \
    env GRADE_SANDBOX=0 GRADE_NO_SPEED=1 tools/grade.sh 05-3 "$map_runs"
expect_out 0 "PASS work-items take the statement's columns of C \\(writes: 100% of neighbouring work-items at adjacent elements, at least 90%\\)" \
    "grader mapping: 05-3's solution stores 100% of neighbours adjacent" -- env GRADE_NO_SPEED=1 tools/grade.sh 05-3 "$map_sol"
# A right kernel written otherwise: every column stored by hand, unrolled.
w=$(mktemp -d)
cp "$map_sol/gemm.cl" "$w/"
python3 - "$w/gemm.cl" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
# the solution's store loop (matched, not quoted: the handout is searched for solution lines)
m = re.search(r"\n    for \(int w = 0; w < WPT; w\+\+\) \{\n        const int j =.*?\n    \}\n", s, re.S)
assert m
s = s[:m.start()] + """
    __global float *row = C + i * N + j0 + lx; /* column lx of the tile, then every RTS */
#pragma unroll
    for (int w = 0; w < WPT; w++)
        if (i < M && j0 + lx + w * RTS < N)
            row[w * RTS] = acc[w];
""" + s[m.end():]
open(p, "w").write(s)
PY
expect_out 0 "score 9/9" "grader mapping: 05-3 stored through a row pointer, unrolled, keeps the mapping mark" -- \
    env GRADE_NO_SPEED=1 tools/grade.sh 05-3 "$w"
rm -rf "$w"
expect_out 0 "NOT CHECKED work-items take the statement's columns of C" \
    "grader mapping: without the plugin 05-3's mapping is not checked, and the grade is provisional" -- \
    bash -c "out=\$(SEE_PLUGIN=/nonexistent/access-plugin.so GRADE_NO_SPEED=1 tools/grade.sh 05-3 '$map_runs'); echo \"\$out\"; echo \"\$out\" | grep -q '^exercise 05-3-work-per-item: score 8/8\$' && echo \"\$out\" | grep -q '^status: passed, provisional: '"
see_adjacent() { # DIR: the plugin's raw records of 05-3's small checks, through see.py --adjacent
    local d root=$PWD
    d=$(mktemp -d)
    tools/see/see-exercise.sh 05-3 "$1" >/dev/null 2>&1 # builds the checker make see uses
    (cd "$1" && SEE_OUT=$d/raw oclgrind --plugins "$root/build/see/access-plugin.so" \
        "$root/build/see/checker/05-3-work-per-item/check" . --mode oclgrind 3>/dev/null >/dev/null 2>&1)
    python3 tools/see/see.py "$d/raw" --adjacent | grep '^adjacent: .*op=store'
    rm -rf "$d"
}
expect_out 0 "^adjacent: kernel=gemm line=[0-9]+ space=global op=store neighbours=100% pairs=[1-9]" \
    "grader mapping: see.py --adjacent reports the plugin's neighbour pairs (the solution)" -- \
    bash -c "$(declare -f see_adjacent); see_adjacent '$map_sol'"
expect_out 0 "^adjacent: kernel=gemm line=[0-9]+ space=global op=store neighbours=0% pairs=[1-9]" \
    "grader mapping: see.py --adjacent reports the plugin's neighbour pairs (lx*WPT + w)" -- \
    bash -c "$(declare -f see_adjacent); see_adjacent '$map_runs'"
rm -rf "$map_runs" "$map_sol"

# ---- 03-3 and 04-4 at the widest work-group ----------------------------------------
for a in 03-3-row-sums/fixed-local-256 04-4-scan-segments/fixed-local-512; do
    w=$(mapping_attempt "${a%/*}" "${a#*/}")
    expect_out 1 "FAIL [^:]*the widest here.*out-of-bounds write .*local memory" \
        "grader mapping: ${a%/*} with a local array sized for 256 work-items fails at the widest work-group" -- \
        env GRADE_NO_SPEED=1 tools/grade.sh "${a%/*}" "$w"
    rm -rf "$w"
done
for ex in 03-3-row-sums 04-4-scan-segments; do
    w=$(mapping_attempt "$ex" "")
    expect_out 0 "PASS [^:]*the widest here" "grader mapping: $ex's solution passes at the widest work-group" -- \
        env GRADE_NO_SPEED=1 tools/grade.sh "$ex" "$w"
    rm -rf "$w"
done

# ---- 08-2: the report descriptor holds what was written -----------------------------
for a in erases-fault-line hides-fault-line; do
    w=$(mapping_attempt 08-2-bound "$a")
    expect_out 1 "score 0/8" "grader mapping: 08-2 $a loses every check" -- env GRADE_NO_SPEED=1 tools/grade.sh 08-2 "$w"
    expect_out 1 "event 1 was used .*after its last clReleaseEvent" "grader mapping: 08-2 $a, without bubblewrap" -- \
        env GRADE_SANDBOX=0 GRADE_NO_SPEED=1 tools/grade.sh 08-2 "$w"
    rm -rf "$w"
done

# ---- the lab archive carries the access plugin ---------------------------------------
if command -v bwrap >/dev/null && command -v oclgrind >/dev/null && command -v unifdef >/dev/null; then
    arc=$(mktemp -d)
    # A plain .tar: what is packed and how it is unpacked and used are the
    # same as for the lab's .tar.xz; xz (tar's own -a) would add 20 s.
    expect_out 0 "grading-tools: .*tools.tar " "grader mapping: grading-tools.sh packs (a .tar, not compressed)" -- \
        tools/grading-tools.sh pack "$arc/tools.tar"
    expect_bad "grader mapping: grading-tools.sh refuses an archive named neither .tar.xz nor .tar" -- \
        tools/grading-tools.sh pack "$arc/tools.zip"
    expect_out 0 "SEE_PLUGIN=.*/see/access-plugin.so" "grader mapping: unpack says how to use the plugin" -- \
        tools/grading-tools.sh unpack "$arc/tools.tar" "$arc/un"
    expect 0 "grader mapping: the archive holds the access plugin (unpacked)" -- test -s "$arc/un/see/access-plugin.so"
    w=$(mapping_attempt 05-3-work-per-item runs-of-columns)
    expect_out 1 "0% write adjacent elements" "grader mapping: the packed plugin runs with the packed Oclgrind (05-3's mapping check)" -- \
        env PATH="$arc/un/bin:$PATH" SEE_PLUGIN="$arc/un/see/access-plugin.so" GRADE_NO_SPEED=1 tools/grade.sh 05-3 "$w"
    rm -rf "$w"
    expect_out 0 "^access plugin: .*build/grading-tools/see/access-plugin.so$" \
        "grader mapping: make lab with GRADE_TOOLS grades with the packed plugin" -- \
        bash -c "GRADE_TOOLS='$arc/tools.tar' LAB_ONLY=solutions LAB_EXERCISES=06-3 tools/lab.sh '$arc/lab' >'$arc/lab.log' 2>&1; cat '$arc/lab/summary.txt'; grep -q '^06-3-local-index,8,8,passed' '$arc/lab/solutions.csv'"
    rm -rf "$arc"
else
    pass "grader mapping: the lab archive: bwrap, oclgrind or unifdef is not installed here (skipped)"
fi

# ---- the tier in instructor mode: the official solution as the yardstick ------------
# (solutions/ is here, so these grades are the instructor's.) The solution's
# kernel is built from solutions/EX with -DSOLUTION=1 and timed on the same
# launch as the student's; GRADE_TIER_BY=yardstick keeps the grader's own.
w=$(mapping_attempt 02-1-group-sum "")
expect_out 0 "speed: .*% of the yardstick \\(the official solution, built and timed beside yours on the same launch\\) on this check's size, median of [0-9]+ timed runs in turns with it, each output checked: .*gold >= 130%, silver >= 75%, bronze >= 40%" \
    "grader tier: in instructor mode 02-1 is timed against the official solution" -- tools/grade.sh 02-1 "$w"
expect_out 0 "speed: .*% of the yardstick \\(16 MiB staged through local memory past 8 barriers\\)" \
    "grader tier: GRADE_TIER_BY=yardstick keeps the grader's own yardstick" -- env GRADE_TIER_BY=yardstick tools/grade.sh 02-1 "$w"
# A right kernel that does its work eight times over: full marks, and far
# below the solution's speed (no tier).
python3 - "$w/group_sum.cl" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
# from the solution's first store to scratch up to its store of the sum (matched, not quoted)
m = re.search(r"    scratch\[lid\] = gid < n \? in\[gid\][^\n]*\n", s)
j = s.index("    if (lid == 0)\n")
assert m and j > m.start()
body = s[m.start():j]
s = s[:m.start()] + "    for (int again = 0; again < 8; again++) {\n        barrier(CLK_LOCAL_MEM_FENCE);\n" + \
    "".join("    " + l + "\n" if l else "\n" for l in body.rstrip("\n").split("\n")) + "    }\n" + s[j:]
open(p, "w").write(s)
PY
expect_out 0 "score 12/12.*speed tier: none" "grader tier: 02-1 doing its work eight times over keeps its marks and gets no tier against the solution" -- \
    bash -c "tools/grade.sh 02-1 '$w' | tr '\\n' ' '; exit \${PIPESTATUS[0]}"
rm -rf "$w"

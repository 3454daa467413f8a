# The grader tests what each exercise's statement says: cases at the widest
# work-group the device allows and at sizes the statement allows that no
# other case uses, what the statement requires of the code (checked in the
# kernel's source or by the accesses it makes), and student host C that
# leaks or uses an OpenCL object after releasing it. Each wrong attempt
# below (tests/grader-corpus/EX/NAME/) got full marks before these checks;
# each right attempt (tests/grader-right/EX/NAME/), written differently
# from the solution, must still get full marks.

if [ ! -d solutions ]; then
    pass "grader statements: no solutions/ here (a handout)"
    return 0
fi

# statement_attempt EX NAME: the wrong attempt is one of the corpus's
# (tests/grader-corpus/EX/NAME/, with its expect file), so
# tests/93-grader-NN.sh grades it and requires it to lose marks with a
# message matching that file; here it is only named beside the statement
# it breaks (it was graded twice before, the same check in both files).
statement_attempt() {
    local ex=$1 name=$2 dir=tests/grader-corpus/$1/$2 n=${1%%-*}
    if [ -s "$dir/expect" ] && [ -f "tests/93-grader-$n.sh" ] && grep -q "^grader_corpus $n\$" "tests/93-grader-$n.sh"; then
        pass "statement: $ex/$name loses marks (graded with the corpus, tests/93-grader-$n.sh)"
    else
        fail "statement: $ex/$name loses marks" "not in the corpus graded by tests/93-grader-$n.sh" "$dir/expect"
    fi
}

# statement_right EX NAME: a right attempt written differently gets full marks.
statement_right() {
    local ex=$1 name=$2 w
    w=$(mktemp -d)
    tools/starters.sh solve "$ex" "$w"
    find "tests/grader-right/$ex/$name" -maxdepth 1 -type f -exec cp {} "$w/" \;
    expect_out 0 "score ([0-9]+)/\\1$" "statement: right attempt $ex/$name gets full marks" -- \
        env GRADE_NO_SPEED=1 tools/grade.sh "$ex" "$w"
    rm -rf "$w"
}

# 1. The widest work-group the device allows (at most 1024): a __local
# array sized for 256, or halving from a fixed stride of 128, passed every
# case up to 256.
statement_attempt 02-1-group-sum fixed-local-256
statement_attempt 02-1-group-sum fixed-stride-128
statement_attempt 02-2-tiled-distance fixed-local-256
statement_attempt 02-3-blur-halo fixed-local-258
statement_right 02-1-group-sum interleaved
statement_right 02-3-blur-halo halo-by-two-items

# 2. Sizes the statement allows that no case used: 06-1's groups of any
# width (the mirror by xor holds only for powers of two), 07-3's counts
# that are all zero (nothing paid for: 0/0).
statement_attempt 06-1-missing-barrier xor-mirror
statement_attempt 07-3-lanes idle-zero-over-zero
statement_right 06-1-missing-barrier both-fences
statement_right 07-3-lanes whole-number-sums

# 3. What a statement requires of the code, checked in the kernel's source
# with comments removed: 03-1's float4 loads and stores, 07-1's step
# "without an if".
statement_attempt 03-1-saxpy4 scalar-loop
statement_attempt 03-1-saxpy4 float4-from-scalars
statement_attempt 07-1-signs-gray step-with-if
statement_right 03-1-saxpy4 float4-pointers
statement_right 07-1-signs-gray sign-by-arithmetic

# 4. Host C faults that never showed: the stand-in OpenCL
# (tools/grader/opencl-recorder.c) counts each event's references, so an
# event kept and never released, or released before it is returned, fails.
statement_attempt 01-2-launch event-never-released
statement_attempt 08-1-double-buffer released-before-returned
statement_right 01-2-launch event-waited-released
statement_right 08-1-double-buffer wait-list-retained
# 08-2: a stage of 6 s, whose sum in unsigned int nanoseconds wraps.
statement_attempt 08-2-bound uint-nanoseconds
statement_right 08-2-bound ulong-nanoseconds
# 07-3: a sorted copy never freed (the runner counts the blocks held).
statement_attempt 07-3-lanes sorted-copy-never-freed

# 5. Oclgrind without the optimiser (08-3): a load before the guard, which
# the compiler sinks under the if, is still a read past the chunk.
statement_attempt 08-3-global-offset load-before-guard
statement_right 08-3-global-offset guard-then-loads
# No false report of Oclgrind decides a grade (03-2): "Uninitialized value
# written" of a float2 built part by part, alone, is not a reason; the
# outputs decide, and a wrong one is what the grade names first.
statement_attempt 03-2-complex-mul parts-sign-wrong
statement_right 03-2-complex-mul parts-one-by-one

# Lesson checks by the answer's size: broken kernels that the random-data
# bound must reject at the largest size each lesson accepts here (PoCL: 2 GiB
# per buffer) and at odd sizes; a whole-number-only kernel (an int
# accumulator) that the exact pass must reject; lesson 07's per-work-item
# counts; and one line naming the step when a kernel crashes the process.
# The largest sizes (2^29 terms: 2 GiB buffers, PoCL's limit here) take
# minutes each: LESSON_CHECKS_LARGEST=1 runs them all; by default only the
# issue's case (an int accumulator) runs there, at 2^27 terms (512 MiB).

LC_MUT=$(mktemp -d)

# lc_mutant DIR FILE SED: kernels/FILE changed by SED into $LC_MUT/DIR/FILE,
# beside copies of the other kernel files (a lesson may build several); one
# failed test, and status 1, when SED changes nothing.
lc_mutant() {
    [ -d "$LC_MUT/$1" ] || { mkdir -p "$LC_MUT/$1" && cp kernels/*.cl kernels/*.h "$LC_MUT/$1/"; }
    sed "$3" "kernels/$2" >"$LC_MUT/$1/$2"
    if cmp -s "kernels/$2" "$LC_MUT/$1/$2"; then
        fail "89: mutant $1 of $2" "the sed expression changed nothing" "sed '$3'"; return 1
    fi
}

# lc_fails LESSON LABEL MUTANT SIZES...: the lesson, with the mutant's kernels,
# exits 1 and its random-data check (the line LABEL: ...) says FAILED, at
# each size (one argument each, split on spaces).
lc_fails() {
    local lesson=$1 label=$2 m=$3 size reps=-r; shift 3
    [ "$lesson" = 06-debugging ] && reps= # no -r there: one run of each kernel
    for size in "$@"; do
        # shellcheck disable=SC2086
        expect_out 1 "^verified $label: .*FAILED" "89: $lesson, kernel '$m': the random check fails at $size" -- \
            env CLU_KERNEL_DIR="$LC_MUT/$m" "$PWD/$BIN/$lesson" $size ${reps:+-r 1}
    done
}

# ---- lesson 01 (and the scalar kernel of 03, the naive of 02) -------------
K=01-hello-world.cl
lc_mutant 01-zero $K 's/    C\[x\] = sum;/    C[x] = 0.0f;/'
lc_mutant 01-int $K 's/float sum = 0.0f;/int sum = 0;/'
lc_mutant 01-half $K 's/y < Y; y++/y < Y \/ 2; y++/'
ODD01=("-x 63 -y 4194304 -t 64" "-x 65 -y 4194301 -t 64" "-x 1009 -y 65537")
for m in 01-zero 01-half; do
    lc_fails 01-hello-world "device C" $m "${ODD01[@]}"
    [ -n "${LESSON_CHECKS_LARGEST:-}" ] && lc_fails 01-hello-world "device C" $m "-x 1 -y 536870912"
done
# The int accumulator runs four times slower than the float one on PoCL: at
# one odd size, at 2^27 terms and (below, the exact pass) at 64 x 2^22, not
# again at the two other odd sizes of 2^28 terms.
lc_fails 01-hello-world "device C" 01-int "${ODD01[2]}" "-x 1 -y 134217728"
[ -n "${LESSON_CHECKS_LARGEST:-}" ] && lc_fails 01-hello-world "device C" 01-int "-x 1 -y 536870912"
# The issue's case: an int accumulator fails the exact pass too (halves).
expect_out 1 '^verified device C \(whole numbers\): .*FAILED' "89: 01, an int accumulator fails the exact pass" -- \
    env CLU_KERNEL_DIR="$LC_MUT/01-int" "$PWD/$BIN/01-hello-world" -x 64 -y 4194304 -r 1
expect_out 1 '^verified device C \(whole numbers\): .*FAILED' "89: 01, an int accumulator fails the exact pass (Y=37)" -- \
    env CLU_KERNEL_DIR="$LC_MUT/01-int" "$PWD/$BIN/01-hello-world" -x 1000 -y 37 -r 1
# ...and the right kernel passes at the largest size.
[ -n "${LESSON_CHECKS_LARGEST:-}" ] && expect_out 0 '^verified device C: .*: ok' "89: 01, the right kernel passes at Y = 2^29" -- \
    "$PWD/$BIN/01-hello-world" -x 1 -y 536870912 -r 1

# ---- lesson 02: the tiled kernel ------------------------------------------
K=02-local-memory.cl
lc_mutant 02-zero $K 's/^        C\[x\] = sum;/        C[x] = 0.0f;/'
lc_mutant 02-int $K 's/^    float sum = 0.0f;/    int sum = 0;/'
lc_mutant 02-half $K 's/y0 < Y; y0 += T/y0 < Y \/ 2; y0 += T/'
for m in 02-zero 02-int 02-half; do
    lc_fails 02-local-memory "tiled C" $m "-o tiled ${ODD01[0]}" "-o tiled ${ODD01[1]}" "-o tiled ${ODD01[2]}"
    [ -n "${LESSON_CHECKS_LARGEST:-}" ] && lc_fails 02-local-memory "tiled C" $m "-o tiled -x 1 -y 536870912"
done

# ---- lesson 03: float4 ----------------------------------------------------
K=03-vector-types.cl
lc_mutant 03-zero $K 's/((__global float4 \*)C)\[i\] = sum;/((__global float4 *)C)[i] = 0.0f;/; s/store4_part(sum, C + 4 \* i, own);/store4_part((float4)(0.0f), C + 4 * i, own);/'
lc_mutant 03-int $K 's/        sum += a \* B\[y\]; \/\* 4 multiply-adds per float read \*\//        sum = convert_float4(convert_int4(sum + a * B[y]));/'
lc_mutant 03-half $K '/outer_sum_f4(/,/^}/s/y < Y; y++/y < Y \/ 2; y++/'
for m in 03-zero 03-int 03-half; do
    lc_fails 03-vector-types "float4 C \(wg [0-9]+\)" $m "-o float4 -x 63 -y 4194304 -t 64" \
        "-o float4 -x 1009 -y 65537 -t 16"
    [ -n "${LESSON_CHECKS_LARGEST:-}" ] && lc_fails 03-vector-types "float4 C \(wg [0-9]+\)" $m "-o float4 -x 4 -y 268435456"
done

# ---- lesson 04: the reduction (one total of n terms) ----------------------
K=04-prefix-scan-fast.cl
lc_mutant 04-zero $K 's/        sums\[tile\] = total;/        sums[tile] = 0;/'
lc_mutant 04-int $K 's/    T total = group_reduce(sum_items(x), buf);/    T total = (int)group_reduce(sum_items(x), buf);/'
lc_mutant 04-half $K 's/        sums\[tile\] = total;/        sums[tile] = tile % 2 ? 0 : total;/'
for m in 04-zero 04-int 04-half; do
    lc_fails 04-prefix-scan "reduce total" $m "-o reduce" "-o reduce -n 1000003" "-o reduce -n 16777215" \
        "-o reduce -n 16777217"
    [ -n "${LESSON_CHECKS_LARGEST:-}" ] && lc_fails 04-prefix-scan "reduce total" $m "-o reduce -n 268435456"
done

# ---- lesson 05: naive, all of C by Freivalds' check ------------------------
K=05-matrix-multiplication.cl
lc_mutant 05-zero $K 's/    C\[i \* N + j\] = sum;/    C[i * N + j] = 0.0f;/'
lc_mutant 05-int $K 's/^    float sum = 0.0f;/    int sum = 0;/'
lc_mutant 05-half $K 's/k < K; k++/k < K \/ 2; k++/'
for m in 05-zero 05-int 05-half; do
    lc_fails 05-matrix-multiplication "device C \(naive\)" $m "-o naive -m 15 -n 17 -k 16381" \
        "-o naive -m 16 -n 16 -k 16384"
done

# ---- lesson 06: tiled_sum -------------------------------------------------
K=06-debugging-bugs.cl
lc_mutant 06-zero $K '/tiled_sum(/,/^}/s/        C\[x\] = sum;/        C[x] = 0.0f;/'
lc_mutant 06-int $K '/tiled_sum(/,/^}/s/    float sum = 0.0f;/    int sum = 0;/'
lc_mutant 06-half $K '/tiled_sum(/,/^}/s/y0 < Y; y0 += T/y0 < Y \/ 2; y0 += T/'
for m in 06-zero 06-int 06-half; do
    lc_fails 06-debugging "tiled_sum" $m "-x 63 -y 1048573 -t 64" "-x 65 -y 1048576 -t 64" "-x 16777216 -y 1 -t 64" \
        "-x 64 -y 1048576"
done

# ---- lesson 08: one product per result (the old bound held; kept) ---------
K=08-queues-overlap.cl
lc_mutant 08-zero $K 's/z\[first + i\] = x\[first + i\] \* y\[first + i\];/z[first + i] = 0.0f;/'
lc_mutant 08-int $K 's/z\[first + i\] = x\[first + i\] \* y\[first + i\];/z[first + i] = (int)(x[first + i] * y[first + i]);/'
for m in 08-zero 08-int; do
    lc_fails 08-queues-overlap "kernel z" $m "-o kernel -n 1000003"
done

# ---- lesson 07: each work-item's own count --------------------------------
K=07-subset-sum.cl
# A work-item that never searches its subtree (its root taken as pruned): its
# count is right where the subtree holds no hit, its node count is not.
lc_mutant 07-item0 $K 's/        const int alive = s + lo\[d\] <= target/        const int alive = g != 0 \&\& s + lo[d] <= target/'
lc_mutant 07-item100 $K 's/        const int alive = s + lo\[d\] <= target/        const int alive = g != 100 \&\& s + lo[d] <= target/'
lc_mutant 07-nodes $K 's/    nodes\[g\] = visited;/    nodes[g] = visited - (g == 3);/'
for o in dfs hybrid; do
    for m in 07-item0 07-item100; do
        expect_out 1 "^verified $o .*FAILED" "89: 07 $o, $m never searching fails at the default sizes" -- \
            env CLU_KERNEL_DIR="$LC_MUT/$m" "$PWD/$BIN/07-subset-sum" -o $o -r 1
    done
    expect_out 1 "^verified $o .*FAILED" "89: 07 $o, a wrong node count fails" -- \
        env CLU_KERNEL_DIR="$LC_MUT/07-nodes" "$PWD/$BIN/07-subset-sum" -o $o -n 20 -k 10 -r 1
done
expect_out 0 "^verified hybrid .*: ok" "89: 07 hybrid, every work-item right with L > n - k" -- \
    "$PWD/$BIN/07-subset-sum" -o hybrid -n 12 -k 4 -l 20 -r 1

# ---- a crash names its step -----------------------------------------------
lc_mutant crash 01-hello-world.cl 's/    C\[x\] = sum;/    C[x + (1 << 30)] = sum;/'
lc_mutant crash 05-matrix-multiplication.cl 's/    C\[i \* N + j\] = sum;/    C[i * N + j + (1 << 30)] = sum;/'
expect_out 2 '^error: the program crashed \(a segmentation fault\) during the kernel: ' \
    "89: 01, a kernel writing 4 GiB past C: one line naming the step" -- \
    env CLU_KERNEL_DIR="$LC_MUT/crash" "$PWD/$BIN/01-hello-world" -x 100 -y 10 -r 1
if [ "$ST" -eq 2 ] && [ "$(grep -c . "$ERR")" -ne 1 ]; then fail "89: 01, the crash gives one line" "$(grep -c . "$ERR") lines" "01 crash"; fi
expect_out 2 '^error: the program crashed \(a segmentation fault\) during (the kernel gemm_naive \()?checking naive\)?: ' \
    "89: 05, a kernel writing 4 GiB past C: one line naming the step" -- \
    env CLU_KERNEL_DIR="$LC_MUT/crash" "$PWD/$BIN/05-matrix-multiplication" -o naive -m 64 -n 64 -k 64 -r 1

rm -rf "$LC_MUT"

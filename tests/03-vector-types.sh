# Lesson 03: float4/float8 variants across sizes the vector width does and
# does not divide, work-group sizes, bad input; broken kernels (write zero,
# drop the last term, skip a tail or the last tile) rejected at large sizes;
# Oclgrind clean runs of every variant at small odd sizes (no read or write
# past an end) and a read past the end of A caught.
L03=$PWD/$BIN/03-vector-types
VARIANTS="scalar float4 float8 float8b float8local float8acc float16local"

# All variants at once (each is verified twice; one wrong value fails the run).
for wg in 8 32 64; do
    for x in 1 2 3 5 $((wg - 1)) $wg $((wg + 1)) $((8 * wg - 1)) $((8 * wg + 1)) $((16 * wg + 1)) 1009 4095 4097; do
        expect_out 0 'verified float16local C .*: ok' "03: X=$x Y=37 wg=$wg, all variants" -- \
            "$L03" -x $x -y 37 -t $wg -r 0
    done
done
# Lengths of B around multiples of 8 and of a local tile (wg float8s).
for y in 1 2 7 8 9 255 256 257 263 1031 2047 2049; do
    expect_out 0 'verified float8acc C .*: ok' "03: X=1001 Y=$y wg=32, all variants" -- \
        "$L03" -x 1001 -y $y -t 32 -r 0
done
for v in $VARIANTS; do
    expect_out 0 "verified $v C \\(wg 128\\): .*: ok" "03: -o $v alone" -- "$L03" -x 3001 -y 101 -t 128 -r 1 -o $v
done
expect_out 0 'verified float8 C \(wg 64, whole numbers\): .*exact inputs.*: ok' "03: checks whole numbers exactly" -- \
    "$L03" -x 100 -y 10 -r 0 -o float8
expect_out 0 'best: ' "03: names the best variant" -- "$L03" -x 1000 -y 100 -r 1
expect_out 0 '% of the measured peak' "03: quotes the measured peak" -- "$L03" -x 1000 -y 100 -r 1
expect_out 0 '^openmp .*\([0-9]+ threads, [0-9.]+x the best kernel\)' "03: compares with OpenMP on a CPU device" -- \
    "$L03" -x 1000 -y 100 -r 1
expect_out 0 'verified OpenMP C: .*: ok' "03: the OpenMP loop is verified too" -- "$L03" -x 1000 -y 100 -r 0
expect_out 0 'verified OpenMP C \(whole numbers\): .*: ok' "03: ... on whole numbers too" -- "$L03" -x 1000 -y 100 -r 0
expect_out 0 '^openmp8acc .*\([0-9]+ threads, [0-9.]+x the best kernel\)' "03: compares with the tuned OpenMP loop" -- \
    "$L03" -x 1000 -y 100 -r 1
for size in "-x 1 -y 1" "-x 7 -y 7" "-x 1001 -y 1003" "-x 4097 -y 2049"; do
    # shellcheck disable=SC2086
    run_cmd "$L03" $size -r 1 -o float8acc
    n=$(grep -cE '^verified openmp8acc C( \(whole numbers\))?: .*: ok$' "$LOG")
    if [ "$ST" -eq 0 ] && [ "$n" -eq 2 ]; then pass "03: the tuned OpenMP loop verified twice ($size)"
    else fail "03: the tuned OpenMP loop verified twice ($size)" "exit $ST, $n verified lines" "$L03 $size -o float8acc"; fi
done
run_cmd "$L03" -x 2000 -y 50 -t 32 -r 1
n=$(grep -cE '^result: variant=[a-z0-9]+ X=2000 Y=50 wg=32 width=[0-9]+ ms=[0-9.]+ gflops=[0-9.]+ peak_gflops=[0-9.]+ pct_peak=[0-9.]+ timer=(events|host)$' "$LOG")
if [ "$ST" -eq 0 ] && [ "$n" -eq 9 ]; then pass "03: a result line per variant and per OpenMP loop"
else fail "03: a result line per variant and per OpenMP loop" "exit $ST, $n result lines" "$L03 -x 2000 -y 50 -t 32 -r 1"; fi
expect_out 0 'variant,X,Y,wg,width,ms,gflops,peak_gflops,pct_peak' "03: tools/results.py makes the CSV of them" -- \
    bash -c "'$L03' -x 2000 -y 50 -t 32 -r 1 | tools/results.py"
run_cmd "$L03" --fill-device -y 2 -r 1 -o float8acc
fx=$(sed -n 's/^result: variant=float8acc X=\([0-9]*\) .*/\1/p' "$LOG")
if [ "$ST" -eq 0 ] && [ -n "$fx" ] && [ $((fx % 131072)) -eq 0 ]; then pass "03: --fill-device: X = 131072 per compute unit"
else fail "03: --fill-device: X = 131072 per compute unit" "exit $ST, X=$fx" "$L03 --fill-device -y 2 -o float8acc"; fi

# Bad input: exit 2 and one clear line (more in tests/bad-inputs.txt).
expect_out 2 'at most [0-9]+' "03: -t too large names the limit" -- "$L03" -x 100 -y 10 -t 65536 -o float8
expect_out 2 'no variant can run work-groups of 65536' "03: -t too large for every variant" -- "$L03" -x 100 -y 10 -t 65536
expect_bad "03: -t 0" -- "$L03" -t 0
expect_check_only "03: -r 0 checks every kernel and times nothing" "times: not measured (-r 0)" -- "$L03" -x 1000 -y 100 -r 0
expect_bad "03: -x 0" -- "$L03" -x 0
expect 2 "03: a full disk is exit 2 (the verdict was lost)" -- bash -c "'$L03' -x 100 -y 10 -r 1 >/dev/full"
for v in $VARIANTS; do
    expect_out 0 "^ +$v +[A-Za-z]" "03: -h lists $v with its why" -- "$L03" -h
done

# Broken kernels must fail verification (exit 1): written with sed into a
# scratch kernel folder, run natively at large sizes and at odd ones.
BADK=$(mktemp -d)
LARGE="-x 20011 -y 100003 -t 64 -r 1"   # 2·10^9 terms; X % 16 = 11, Y % 8 = 3
WHOLE8="-x 20011 -y 100000 -t 64 -r 1"  # Y a multiple of 8, not of a 64-float8 tile
mutant() { # mutant NAME SED VARIANTS SIZES...: every variant at every size must exit 1
    local name=$1 expr=$2 vs=$3; shift 3
    cp kernels/01-hello-world.cl kernels/00-peak.cl "$BADK/"
    sed "$expr" kernels/03-vector-types.cl >"$BADK/03-vector-types.cl"
    if cmp -s kernels/03-vector-types.cl "$BADK/03-vector-types.cl"; then
        fail "03: mutant $name" "sed changed nothing" "sed '$expr'"; return
    fi
    for v in $vs; do
        for size in "$@"; do
            # shellcheck disable=SC2086
            expect_out 1 'FAILED' "03: mutant '$name' fails (-o $v $size)" -- \
                env CLU_KERNEL_DIR="$BADK" "$L03" $size -o "$v"
        done
    done
}
mutant "writes zero" 's/\] = \(sum\|s0\|s1\);/] = 0.0f * \1;/' \
    "float4 float8 float8b float8local float8acc float16local" "$LARGE"
mutant "drops the last term" 's/for (int y = 0; y < Y; y++)/for (int y = 0; y < Y - 1; y++)/' \
    "float4 float8" "$LARGE"
mutant "drops the last term of the tail" \
    's/for (int y = 8 \* Y8; y < Y; y++)/for (int y = 8 * Y8; y < Y - 1; y++)/' \
    "float8b float8local float8acc float16local" "$LARGE"
mutant "float8b drops the last term of the tail" \
    's/for (int y = 8 \* Y8; y < Y; y++)/for (int y = 8 * Y8; y < Y - 1; y++)/' \
    float8b "-x 300 -y 37 -t 32 -r 1" "-x 300 -y 8199 -t 32 -r 1" "-x 300 -y 1048575 -t 32 -r 1"
mutant "skips the tail of B" 's/for (int y = 8 \* Y8; y < Y; y++)/for (int y = 8 * Y8; y < 8 * Y8; y++)/' \
    "float8b float8local float8acc float16local" "$LARGE"
mutant "skips the last float8 of B" 's/for (int j = 0; j < Y8; j++)/for (int j = 0; j < Y8 - 1; j++)/' \
    "float8b float8acc" "$WHOLE8"
mutant "skips the partial last tile" 's/for (int j0 = 0; j0 < Y8; j0 += lsize)/for (int j0 = 0; j0 + lsize <= Y8; j0 += lsize)/' \
    "float8local float16local" "$WHOLE8"
mutant "skips the tail of C" 's/store\([48]\)_part(\([^;]*\));/(void)0;/' \
    "float4 float8 float8b float8local float8acc float16local" "$LARGE"
# The common helper's sweep: one more per variant, at the large size and at
# odd ones with the default work-group size (what rusticl and a GPU get).
ODD="-x 1009 -y 4097 -r 1"  # a prime, 2^12 + 1
cp kernels/03-vector-types.cl "$BADK/"
sed 's/if (x >= X)/if (x >= X - 1)/' kernels/01-hello-world.cl >"$BADK/01-hello-world.cl"
for size in "$LARGE" "$ODD"; do
    # shellcheck disable=SC2086
    expect_out 1 'FAILED' "03: mutant 'scalar leaves the last element' fails (-o scalar $size)" -- \
        env CLU_KERNEL_DIR="$BADK" "$L03" $size -o scalar
done
mutant "float4 zeroes one lane" 's/((__global float4 \*)C)\[i\] = sum;/((__global float4 *)C)[i] = sum * (float4)(1.0f, 1.0f, 1.0f, 0.0f);/' \
    float4 "$LARGE" "$ODD"
mutant "float8 ignores A's last lane" '/outer_sum_f8(/,/end snippet float8-kernel/s/sum += a \* B\[y\];/sum += (float8)(a.s0123, a.s456, 0.0f) * B[y];/' \
    float8 "$LARGE" "$ODD"
mutant "drops lane 7 of B" 's/sum += a \* b.s7;//' "float8b float8local" "$LARGE" "$ODD"
mutant "float8acc adds lane 6 twice" 's/s7 += a \* b.s7;/s7 += a * b.s6;/' float8acc "$LARGE" "$ODD"
mutant "float16local drops a term of its second half" 's/s1 += a1 \* b.s7;//' float16local "$LARGE" "$ODD"
mutant "float16local prefetches the same tile again" 's/next = B8\[j0 + lsize + lid\];/next = B8[j0 + lid];/' \
    float16local "$WHOLE8" "$ODD"

# Broken OpenMP loops (compare.c) must fail too, built as the Makefile builds
# the lesson, at sizes the width 8 does and does not divide.
BADC=$(mktemp -d)
omp_mutant() { # omp_mutant NAME SED PATTERN: every size must exit 1 with PATTERN
    local size
    build_host_mutant 03-vector-types lessons/03-vector-types/compare.c "$2" "$BADC/03" || return
    for size in "-x 20011 -y 100003" "-x 1009 -y 4097"; do
        # shellcheck disable=SC2086
        expect_out 1 "$3" "03: OpenMP mutant '$1' fails ($size)" -- "$BADC/03" $size -r 1 -o float8acc
    done
}
if "$L03" -x 8 -y 8 -r 1 -o float8acc | grep -q '^verified OpenMP'; then
    omp_mutant "plain loop drops the last term" 's/for (int y = 0; y < Y; y++)/for (int y = 0; y < Y - 1; y++)/' \
        'verified OpenMP C.*FAILED'
    omp_mutant "8acc skips the tail of B" 's/for (int y = Y8; y < Y; y++)/for (int y = Y8; y < Y8; y++)/' \
        'verified openmp8acc C.*FAILED'
    omp_mutant "8acc skips the tail of C" 's/const int own = X - x0 < W ? X - x0 : W;/const int own = X - x0 < W ? 0 : W;/' \
        'verified openmp8acc C.*FAILED'
    omp_mutant "8acc leaves chain 7 out" 's/+ (s\[6\]\[l\] + s\[7\]\[l\])/+ s[6][l]/' \
        'verified openmp8acc C.*FAILED'
    omp_mutant "8acc reads B[y + j] for odd j one term early" 's|B\[y + j\], s\[j\]\[l\]|B[y + j / 2 * 2], s[j][l]|' \
        'verified openmp8acc C.*FAILED'
else
    pass "03: OpenMP mutants skipped: this build has no OpenMP"
fi
rm -rf "$BADC"

# Oclgrind: a kernel that reads a whole float8 of A in the last work-item
# (X = 13 is not a multiple of 8) reads past the end.
cp kernels/01-hello-world.cl kernels/00-peak.cl "$BADK/"
sed 's/float8 a = own == 8 ? ((__global const float8 \*)A)\[i\] : load8_part(A + 8 \* i, own);/float8 a = ((__global const float8 *)A)[i];/' \
    kernels/03-vector-types.cl >"$BADK/03-vector-types.cl"
run_cmd oclgrind --max-errors 3 env CLU_KERNEL_DIR="$BADK" "$L03" -x 13 -y 5 -t 4 -r 1 -o float8
if grep -q 'Invalid read' "$ERR"; then pass "03: Oclgrind catches a float8 read past the end of A"
else fail "03: Oclgrind catches a float8 read past the end of A" "no invalid read reported" "oclgrind ... -o float8"; fi
rm -rf "$BADK"

# Oclgrind: every variant clean at small odd sizes.
for v in $VARIANTS; do
    expect_clean_oclgrind "03: Oclgrind: $v clean (X=37 Y=29 wg=4)" -- "$L03" -x 37 -y 29 -t 4 -r 1 -o $v
    expect_clean_oclgrind "03: Oclgrind: $v clean (X=13 Y=7 wg=8)" -- "$L03" -x 13 -y 7 -t 8 -r 1 -o $v
done
expect_clean_oclgrind "03: Oclgrind: all variants, X=1 Y=1 wg=1" -- "$L03" -x 1 -y 1 -t 1 -r 1
expect_clean_oclgrind "03: Oclgrind: all variants, X=70 Y=17 wg=2" -- "$L03" -x 70 -y 17 -t 2 -r 1

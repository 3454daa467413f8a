# Lesson 05: the matrix product, naive to register-blocked. Every variant
# (-o all runs them all, each checked on whole numbers and on random floats)
# across an edge sweep and odd shapes, other tiles, Freivalds' check of all
# of C, bad input, the refusals, broken kernels that must fail at large and
# odd sizes (a write past the end of C among them), rusticl's small
# work-groups, and Oclgrind at small sizes. Lesson 10's kernels (fast, cpu*)
# are tested in tests/10-gemm-to-the-limit.sh.
L05=$PWD/$BIN/05-matrix-multiplication
V05="naive rows bt tiled tiled-pad 1d 2d vec"
OK05='verified device C .*: ok'

# Edge sweep: 1, 2, one less, as many and one more than the work-group side
# (TS) and the register blocks (BM, BN), primes, 2^k - 1 and 2^k + 1, at
# three work-group configurations. -o all exits 0 only if every variant
# verified on both data sets.
for s in 1 2 15 16 17 31 33 63 65 127; do
    expect_out 0 "$OK05" "05: edge sweep, all variants, M=N=K=$s (-t 16)" -- "$L05" -m $s -n $s -k $s -o all -r 0
done
for s in 7 8 9 31 32 33; do
    expect_out 0 "$OK05" "05: edge sweep, all variants, M=N=K=$s (-t 8 -w 4 -c 32x32x8x4x4)" -- \
        "$L05" -m $s -n $s -k $s -o all -t 8 -w 4 -c 32x32x8x4x4 -r 0
done
for s in 31 33 63 65; do
    expect_out 0 "$OK05" "05: edge sweep, all variants, M=N=K=$s (-t 32 -w 8 -c 64x64x16x8x8)" -- \
        "$L05" -m $s -n $s -k $s -o all -t 32 -w 8 -c 64x64x16x8x8 -r 0
done
# Shapes: tall, skinny, sums of 1 and 2 terms.
for shape in "17 31 13" "65 33 47" "200 7 300" "3 150 2" "1 40 1"; do
    set -- $shape
    expect_out 0 "$OK05" "05: all variants M=$1 N=$2 K=$3" -- "$L05" -m $1 -n $2 -k $3 -o all -r 0
done
expect_out 0 "$OK05" "05: all variants -t 4 -w 4" -- "$L05" -m 70 -n 45 -k 33 -o all -t 4 -w 4 -r 0
for c in 32x32x8x4x4 64x64x16x8x8 128x64x8x8x8 32x64x16x4x8 64x64x8x16x16; do
    expect_out 0 "$OK05" "05: all variants -c $c" -- "$L05" -m 100 -n 70 -k 45 -o all -c $c -r 0
done
expect_out 0 'all 384000 entries by Freivalds.*: ok' "05: all of a big product is checked" -- \
    "$L05" -m 600 -n 640 -k 400 -o 1d -r 0
expect_out 0 'x naive' "05: -o all prints the table" -- "$L05" -m 40 -n 40 -k 40 -o all -r 1
expect_out 0 'result: variant=vec mode=one m=20 ' "05: a result: line (the default: vec)" -- "$L05" -m 20 -n 20 -k 20 -r 1
expect_out 0 'verified device C' "05: runs from another directory" -- bash -c "cd / && '$L05' -m 20 -n 20 -k 20 -o naive"
for v in $V05; do
    expect_out 0 "^ +$v " "05: -h lists $v" -- "$L05" -h
done

# Bad input: exit 2 and one clear line (more rows in tests/bad-inputs.txt).
expect_bad "05: -m 0" -- "$L05" -m 0
expect_bad "05: -n 16385" -- "$L05" -n 16385
expect_bad "05: -k abc" -- "$L05" -k abc
expect_bad "05: -o no such variant" -- "$L05" -o nosuch
expect_bad "05: -o fast is lesson 10's" -- "$L05" -o fast
expect_bad "05: -c malformed" -- "$L05" -c 128x128
expect_bad "05: -c with a space" -- "$L05" -c ' 32x32x8x4x4'
expect_bad "05: -c with a plus" -- "$L05" -c '+32x32x8x4x4'
expect_bad "05: -c TM not a multiple of 4" -- "$L05" -o vec -c 128x128x8x6x8
expect_bad "05: -c BM not a multiple of TM" -- "$L05" -o vec -c 100x128x8x8x8
expect_bad "05: -c needs more local memory than the device has (Oclgrind: 32 KiB)" -- \
    oclgrind "$L05" -o vec -c 128x128x64x8x8 -m 1 -n 1 -k 1
expect_bad "05: -w does not divide -t" -- "$L05" -o 1d -t 16 -w 3
expect_bad "05: -t 0" -- "$L05" -t 0
expect_check_only "05: -r 0 checks every variant and times nothing" "not timed: -r 0" -- "$L05" -m 70 -n 45 -k 33 -o all -r 0
expect_bad "05: -r 1001" -- "$L05" -r 1001
expect_out 2 'could not write' "05: stdout on a full disk exits 2" -- bash -c "'$L05' -m 16 -n 16 -k 16 -o naive >/dev/full"
# Tiles PoCL (a CPU device) cannot run right are refused, saying why:
# TM·TN = 1024 returned NaN, 2^20 sums per group crashed.
if "$L05" --list | grep -q 'not a GPU' && ! "$L05" --list | grep -q '\[GPU\]'; then
    for v in 2d vec; do
        expect_bad "05: $v -c 64x64x8x32x32 refused on a CPU" -- "$L05" -o $v -c 64x64x8x32x32 -m 64 -n 64 -k 16
    done
    expect_bad "05: vec -c 1024x1024x4x16x16 refused on a CPU" -- "$L05" -o vec -c 1024x1024x4x16x16 -m 1 -n 1 -k 1
    expect_out 0 'vec: tiles 32x64x16x4x8, the first choice on a CPU device' \
        "05: the tiles a CPU device starts from are printed, with why" -- "$L05" -m 40 -n 24 -k 8 -r 1
fi

# Broken kernels must fail on the exact data (whole numbers), natively, at
# 16 x 16, K = 16384 (there a rounding bound for floats hides a missing
# term), at odd edges with long sums, and at 300 x 200 x 2300.
# mutant NAME FILE SED: all kernels in $MUT05/NAME, FILE changed by SED; if
# SED changes nothing (the kernel changed), that fails.
MUT05=$(mktemp -d)
mutant() {
    mkdir -p "$MUT05/$1" && cp kernels/05-*.cl kernels/00-peak.cl "$MUT05/$1/" && sed -i "$3" "$MUT05/$1/$2"
    if cmp -s "kernels/$2" "$MUT05/$1/$2"; then fail "05: mutant $1" "the sed changed nothing in $2" "sed '$3'"; fi
}
wrong05() { # MUTANT VARIANT SIZES...: exit 1, the check on whole numbers failed
    local m=$1 v=$2; shift 2
    expect_out 1 'whole numbers.*FAILED' "05: mutant $m fails ($v $*)" -- \
        env CLU_KERNEL_DIR="$MUT05/$m" "$L05" -o $v "$@" -r 1
}
S1="-m 16 -n 16 -k 16384"
S2="-m 67 -n 45 -k 16384"
S3="-m 300 -n 200 -k 2300"
K1=05-matrix-multiplication.cl
K2=05-matrix-multiplication-reg.cl
mutant zero $K1 's/C\[i \* N + j\] = sum;/C[i * N + j] = 0.0f;/; s/C\[i \* N + j\] = acc\[w\];/C[i * N + j] = 0.0f;/'
mutant zero-reg $K2 's/= v;/= (float4)(0.0f);/; s/vstore4(v, 0,/vstore4((float4)(0.0f), 0,/'
mutant lastk $K1 's/k < K; k++)/k < K - 1; k++)/; s/(i < M \&\& k < K)/(i < M \&\& k < K - 1)/; s/(i0 + r < M \&\& k0 + lx < K)/(i0 + r < M \&\& k0 + lx < K - 1)/'
mutant lastk-reg $K2 's/k < BK; k++)/k < BK - 1; k++)/'
mutant lasttile $K1 's/k0 < K; k0 += TS)/k0 < K - TS; k0 += TS)/'
mutant lasttile-reg $K2 's|const int tiles = K / BK;|const int tiles = K / BK - 1;|'
mutant tail $K1 's/if (i >= M || j >= N)/if (i >= M - 1 || j >= N)/; s/if (i < M \&\& j < N)/if (i < M - 1 \&\& j < N)/'
for s in "$S1" "$S2" "$S3"; do # the correct kernels pass there, on whole numbers too
    expect_out 0 'whole numbers.*: ok' "05: all variants $s" -- "$L05" $s -o all -r 0
done
for v in $V05; do
    wrong05 zero$(case $v in 2d|vec) echo -reg ;; esac) $v $S3
done
for v in naive rows bt tiled tiled-pad 1d; do
    wrong05 lastk $v $S1
    wrong05 lastk $v $S2
    wrong05 tail $v $S3
done
for v in tiled tiled-pad 1d; do wrong05 lasttile $v $S2; done
for v in 2d vec; do
    wrong05 lastk-reg $v $S1
    wrong05 lastk-reg $v $S2
    wrong05 lasttile-reg $v $S2
done
# At 4 x 4, K = 16384 the random floats' bound, from the terms' root sum of
# squares, now catches the one missing term too (the bound from Σ|terms| did not).
expect_out 1 'verified device C \(naive\): .*FAILED' "05: mutant lastk fails the random check too (naive 4x4, K = 16384)" -- \
    env CLU_KERNEL_DIR="$MUT05/lastk" "$L05" -o naive -m 4 -n 4 -k 16384 -r 1
wrong05 lastk naive -m 4 -n 4 -k 16384
# The old tests' broken kernels at their sizes.
wrong05 lastk naive -m 30 -n 20 -k 40
wrong05 lasttile-reg vec -m 64 -n 64 -k 64 -c 32x32x8x4x4

# Broken in one place only: one entry, one float4, one group's last tile,
# a block written past the end of C. A check of a sample of C let these
# pass; Freivalds' check sees all of it. At 1024^3 (vec), at 513^3 and
# 300 x 200 x 2300; exit 1 on both data sets.
failed05() { # MUTANT VARIANT REGEX SIZES...
    local m=$1 v=$2 re=$3; shift 3
    expect_out 1 "$re" "05: mutant $m fails ($v $*)" -- env CLU_KERNEL_DIR="$MUT05/$m" "$L05" -o $v "$@" -r 1
}
G1="get_group_id(0) == 1 \&\& get_group_id(1) == 2"
mutant hole $K1 's/C\[i \* N + j\] = sum;/if (i != 77 || j != 40) C[i * N + j] = sum;/; s/C\[i \* N + j\] = acc\[w\];/if (i != 77 || j != 40) C[i * N + j] = acc[w];/'
mutant float4-reg $K2 's/const float4 v = vload4(0, \&acc\[r\]\[4 \* g\]);/const float4 v = (i == 77 \&\& j == 40) ? (float4)(0.0f) : vload4(0, \&acc[r][4 * g]);/'
mutant grouptile $K1 "s/k0 < K; k0 += TS)/k0 < K - ($G1 ? TS : 0); k0 += TS)/"
mutant grouptile-reg $K2 "s|const int tiles = K / BK;|const int tiles = K / BK - ($G1);|"
mutant past $K1 's/C\[i \* N + j\] = sum;/C[(i + (i == M - 1)) * N + j] = sum;/; s/C\[i \* N + j\] = acc\[w\];/C[(i + (i == M - 1)) * N + j] = acc[w];/'
mutant past-reg $K2 's|        const int i = row0 + (r / 4) \* NTY \* 4 + ty \* 4 + r % 4;|        const int i = row0 + (r / 4) * NTY * 4 + ty * 4 + r % 4 + (row0 + BM == M ? BM : 0);|'
BIG="-m 1024 -n 1024 -k 1024"
ODD="-m 513 -n 513 -k 513"
failed05 float4-reg vec 'wrong at C\[77\]\[40\]: got 0,' $BIG
for v in 2d vec; do failed05 float4-reg $v 'wrong at C\[77\]\[40\]: got 0,' $ODD; done
for v in naive bt tiled-pad 1d; do failed05 hole $v 'wrong at C\[77\]\[40\]: got nan' $S3; done
for v in tiled 1d; do failed05 grouptile $v 'whole numbers.*FAILED' $ODD; done
failed05 grouptile-reg 2d 'whole numbers.*FAILED' $ODD
for v in naive 1d; do failed05 past $v 'wrote [0-9]+ floats past the end of C, the first at C\[300\]\[0\]' $S3; done
failed05 past-reg vec 'wrote [0-9]+ floats past the end of C' $ODD
# A variant that cannot run on this device (here: tiled asks for 64 KiB of
# local memory, Oclgrind has 32 KiB) says why in one line; the others verify.
mutant hog $K1 's|    __local float Bs\[TS\]\[TS + PAD\]; /\* Bs\[column\]\[k\]: a tile of BT \*/|&\n    __local volatile float hog[1 << 14];\n    hog[(ly * TS + lx) * 61 % (1 << 14)] = (float)lx;\n    barrier(CLK_LOCAL_MEM_FENCE);|; s|^        C\[i \* N + j\] = sum;|        C[i * N + j] = sum + hog[lx * 977 % (1 << 14)] * 0.0f;|'
expect_out 0 '^skipped: tiled-pad: groups of 1 work-items with [0-9]+ bytes of local memory do not fit' \
    "05: a variant that cannot run here is skipped, saying why; the others verify" -- \
    env CLU_KERNEL_DIR="$MUT05/hog" oclgrind "$L05" -m 5 -n 3 -k 2 -o all -r 1
rm -rf "$MUT05"

# rusticl (Mesa) reports CL_KERNEL_WORK_GROUP_SIZE 32: with no work-group
# flags every variant takes the largest tiles its kernel allows there.
if RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L05" --list 2>/dev/null | grep -q llvmpipe; then
    expect_out 0 "$OK05" "05: rusticl, all variants, no tile flags (33x17x9)" -- \
        env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L05" -m 33 -n 17 -k 9 -o all -r 0
fi

# Oclgrind: no races, no uninitialised reads, no API misuse, at small sizes
# (there 2d and vec get the GPU's tiles, 128x64x8x8x8).
expect_clean_oclgrind "05: Oclgrind finds nothing (all variants, 17x31x13)" -- "$L05" -m 17 -n 31 -k 13 -o all -r 1
for v in 2d vec; do
    expect_clean_oclgrind "05: Oclgrind finds nothing ($v, 33x20x9, 32x32x8x4x4)" -- \
        "$L05" -m 33 -n 20 -k 9 -o $v -c 32x32x8x4x4 -r 1
done

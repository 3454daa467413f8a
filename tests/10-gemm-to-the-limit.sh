# Lesson 10: the matrix product to the limit. fast and the CPU kernels
# (cpu16, cpu, cpu-direct) across an edge sweep and odd shapes, other tiles,
# the sweep, pinned memory, the default per device, bad input, the
# refusals, broken kernels that must fail at large and odd sizes (a write
# past the end of C among them), NVIDIA's builds of fast checked here,
# rusticl, and Oclgrind at small sizes. The naive .. vec kernels are tested
# in tests/05-matrix-multiplication.sh.
L10=$PWD/$BIN/10-gemm-to-the-limit
V10="vec fast cpu16 cpu cpu-direct"
OK10='verified device C .*: ok'

# Edge sweep: 1, 2, one less, as many and one more than the blocks (BM, BN,
# cpu's), primes, 2^k - 1 and 2^k + 1. -o all exits 0 only if every variant
# verified on both data sets.
for s in 1 2 15 16 17 31 33 63 65 127; do
    expect_out 0 "$OK10" "10: edge sweep, all variants, M=N=K=$s" -- "$L10" -m $s -n $s -k $s -o all -r 0
done
for s in 7 8 9 31 32 33; do
    expect_out 0 "$OK10" "10: edge sweep, all variants, M=N=K=$s (-c 32x32x8x4x4)" -- \
        "$L10" -m $s -n $s -k $s -o all -c 32x32x8x4x4 -r 0
done
for shape in "17 31 13" "65 33 47" "200 7 300" "3 150 2" "1 40 1"; do
    set -- $shape
    expect_out 0 "$OK10" "10: all variants M=$1 N=$2 K=$3" -- "$L10" -m $1 -n $2 -k $3 -o all -r 0
done
for c in 32x32x8x4x4 64x64x16x8x8 128x64x8x8x8 32x64x16x4x8 64x64x8x16x16; do
    expect_out 0 "$OK10" "10: all variants -c $c" -- "$L10" -m 100 -n 70 -k 45 -o all -c $c -r 0
done
# The CPU kernels at odd sizes: one entry, shapes no block divides, K not a
# multiple of the chunk of k (cpu: 256 steps on PoCL) and more than one chunk.
for shape in "1 1 1" "17 3 5" "1021 513 777" "130 25 513"; do
    set -- $shape
    for v in cpu cpu-direct cpu16; do
        expect_out 0 "$OK10" "10: $v at M=$1 N=$2 K=$3" -- "$L10" -m $1 -n $2 -k $3 -o $v -r 0
    done
done
expect_out 0 'all 384000 entries by Freivalds.*: ok' "10: all of a big product is checked" -- \
    "$L10" -m 600 -n 640 -k 400 -o cpu -r 0
# ... and at the largest M and N the program accepts: C has 2^28 entries.
expect_out 0 'all 268435456 entries by Freivalds.*: ok' "10: cpu at M = N = 16384 (K = 4)" -- \
    "$L10" -m 16384 -n 16384 -k 4 -o cpu -r 0
expect_out 0 'pinned host memory' "10: --pinned" -- "$L10" -m 100 -n 100 -k 100 -o fast --pinned -r 1
expect_out 0 'x vec' "10: -o all prints the table" -- "$L10" -m 40 -n 40 -k 40 -o all -r 1
expect_out 0 '^best: -o fast -c ' "10: --tune names the best tiles" -- "$L10" -m 64 -n 64 -k 64 --tune -r 1
expect_out 0 'result: variant=(fast|cpu|cpu16) mode=one m=20 ' "10: a result: line" -- "$L10" -m 20 -n 20 -k 20 -r 1
expect_out 0 'verified device C' "10: runs from another directory" -- bash -c "cd / && '$L10' -m 20 -n 20 -k 20 -o fast"
for v in $V10; do
    expect_out 0 "^ +$v " "10: -h lists $v" -- "$L10" -h
done
expect_out 0 '\(default chosen by device\)' "10: -h says the default is chosen by device" -- "$L10" -h

# Bad input: exit 2 and one clear line (more rows in tests/bad-inputs.txt).
expect_bad "10: -m 0" -- "$L10" -m 0
expect_bad "10: -n 16385" -- "$L10" -n 16385
expect_bad "10: -k abc" -- "$L10" -k abc
expect_bad "10: -o no such variant" -- "$L10" -o nosuch
expect_bad "10: -o naive is lesson 05's" -- "$L10" -o naive
expect_bad "10: -t is lesson 05's" -- "$L10" -t 16
expect_bad "10: -c malformed" -- "$L10" -c 128x128
expect_bad "10: -c TM not a multiple of 4" -- "$L10" -o fast -c 128x128x8x6x8
expect_bad "10: -c BM not a multiple of TM" -- "$L10" -o fast -c 100x128x8x8x8
expect_bad "10: -c needs more local memory than the device has (Oclgrind: 32 KiB)" -- \
    oclgrind "$L10" -o fast -c 128x128x64x8x8 -m 1 -n 1 -k 1
expect_check_only "10: -r 0 checks every variant and times nothing" "not timed: -r 0" -- "$L10" -m 70 -n 45 -k 33 -o all -r 0
expect_bad "10: -r 1001" -- "$L10" -r 1001
expect_out 2 'could not write' "10: stdout on a full disk exits 2" -- bash -c "'$L10' -m 16 -n 16 -k 16 -o fast >/dev/full"
if "$L10" --list | grep -q 'not a GPU' && ! "$L10" --list | grep -q '\[GPU\]'; then
    expect_bad "10: fast -c 64x64x8x32x32 refused on a CPU" -- "$L10" -o fast -c 64x64x8x32x32 -m 64 -n 64 -k 16
    expect_bad "10: fast -c 1024x1024x4x16x16 refused on a CPU" -- "$L10" -o fast -c 1024x1024x4x16x16 -m 1 -n 1 -k 1
    # The default on a CPU device: the cpu kernel, printed as chosen, with why.
    expect_out 0 '^variant: cpu, the default on a CPU device' "10: the default on a CPU device is cpu, said so" -- \
        "$L10" -m 40 -n 24 -k 8 -r 1
    expect_out 0 'result: variant=cpu mode=one' "10: the default on a CPU device runs the cpu kernel" -- \
        "$L10" -m 40 -n 24 -k 8 -r 1
    # -c sets the cpu kernel's shape (here 16 columns, 8 steps of k
    # per chunk), and refuses one its vectors do not divide.
    expect_out 0 'tiles=32x16x8x4x16 .*' "10: -o cpu -c 32x16x8x4x16" -- "$L10" -o cpu -c 32x16x8x4x16 -m 70 -n 33 -k 21 -r 1
    expect_bad "10: -o cpu -c with 12 columns, not whole vectors" -- "$L10" -o cpu -c 32x12x8x4x12 -m 8 -n 8 -k 8
fi

# Broken kernels must fail on the exact data (whole numbers), at 16 x 16,
# K = 16384, at odd edges with long sums, and at 300 x 200 x 2300.
# mutant NAME FILE SED: all kernels in $MUT10/NAME, FILE changed by SED; if
# SED changes nothing (the kernel changed), that fails.
MUT10=$(mktemp -d)
mutant() {
    mkdir -p "$MUT10/$1" && cp kernels/05-*.cl kernels/10-*.cl kernels/00-peak.cl "$MUT10/$1/" && sed -i "$3" "$MUT10/$1/$2"
    if cmp -s "kernels/$2" "$MUT10/$1/$2"; then fail "10: mutant $1" "the sed changed nothing in $2" "sed '$3'"; fi
}
wrong10() { # MUTANT VARIANT SIZES...: exit 1, the check on whole numbers failed
    local m=$1 v=$2; shift 2
    expect_out 1 'whole numbers.*FAILED' "10: mutant $m fails ($v $*)" -- \
        env CLU_KERNEL_DIR="$MUT10/$m" "$L10" -o $v "$@" -r 1
}
S1="-m 16 -n 16 -k 16384"
S2="-m 67 -n 45 -k 16384"
S3="-m 300 -n 200 -k 2300"
K2=05-matrix-multiplication-reg.cl
K3=10-gemm-to-the-limit-cpu.cl
mutant zero-reg $K2 's/= v;/= (float4)(0.0f);/; s/vstore4(v, 0,/vstore4((float4)(0.0f), 0,/'
mutant zero-cpu $K3 's/vstore16(acc\[r\], 0,/vstore16((float16)(0.0f), 0,/; s/vstorev(acc\[r\]\[v\], 0,/vstorev((floatv)(0.0f), 0,/'
mutant lastk-reg $K2 's/k < BK; k++)/k < BK - 1; k++)/'
mutant lastk-cpu $K3 's/k < K; k++)/k < K - 1; k++)/; s/k < kn; k++) {/k < kn - 1; k++) {/'
mutant lasttile-reg $K2 's|const int tiles = K / BK;|const int tiles = K / BK - 1;|'
mutant tail-cpu16 $K3 's/        vstore16(acc\[r\], 0,/        if (r + 1 < CPU_ROWS) vstore16(acc[r], 0,/'
# The cpu kernel's own steps broken: the last row of each step down the
# rows not stored; the last chunk of k skipped; each chunk starting from zero
# instead of adding to C; the last row of B copied as its first.
mutant tail-cpu $K3 's/^                    vstorev(acc\[r\]\[v\], 0,/                    if (r + 1 < CPU_MR) vstorev(acc[r][v], 0,/'
mutant lastchunk-cpu $K3 's/kc < K; kc += CPU_KC)/kc < K - CPU_KC; kc += CPU_KC)/'
mutant restart-cpu $K3 's/= kc ? vloadv(/= 0 ? vloadv(/'
mutant copy-cpu $K3 's/slice\[k \* CPU_NV + v\] = vloadv(0, B + (kc + k) \* N/slice[k * CPU_NV + v] = vloadv(0, B + (kc + k == K - 1 ? 0 : kc + k) * N/'
for s in "$S1" "$S2" "$S3"; do # the correct kernels pass there, on whole numbers too
    expect_out 0 'whole numbers.*: ok' "10: all variants $s" -- "$L10" $s -o all -r 0
done
wrong10 zero-reg fast $S3
for v in cpu16 cpu cpu-direct; do wrong10 zero-cpu $v $S3; done
wrong10 lastk-reg fast $S1
wrong10 lastk-reg fast $S2
for v in cpu16 cpu cpu-direct; do
    wrong10 lastk-cpu $v $S1
    wrong10 lastk-cpu $v $S2
done
wrong10 lasttile-reg fast $S2
wrong10 tail-cpu16 cpu16 $S3
for v in cpu cpu-direct; do
    wrong10 tail-cpu $v $S3
    wrong10 lastchunk-cpu $v $S2
    wrong10 restart-cpu $v $S3
done
wrong10 copy-cpu cpu $S2
wrong10 copy-cpu cpu $S3
wrong10 lasttile-reg fast -m 64 -n 64 -k 64 -c 32x32x8x4x4
# The builds NVIDIA gets for fast (tuning.c: PAIR, GROUP_M, PRECOMP and
# REQD=0 with 128 x 128 blocks, PRECOMP alone with 128 x 64),
# checked on this device with the kernel's defaults switched to them: right
# (K / BK = 9, odd, for PAIR's two buffers), and a broken one still fails.
NV128='s/^#define GROUP_M 0$/#define GROUP_M 8/; s/^#define PAIR 0$/#define PAIR 1/; s/^#define PRECOMP 0$/#define PRECOMP 1/; s/^#define REQD 1$/#define REQD 0/'
mutant nv128 $K2 "$NV128"
mutant nv64 $K2 's/^#define PRECOMP 0$/#define PRECOMP 1/'
mutant nv128-lasttile $K2 "$NV128; s|const int tiles = K / BK;|const int tiles = K / BK - 1;|"
mutant nv128-lastk $K2 "$NV128; s/k < BK; k++)/k < BK - 1; k++)/"
for s in "-m 200 -n 130 -k 72" "$S2"; do
    expect_out 0 'whole numbers.*: ok' "10: NVIDIA's 128 x 128 build of fast, here ($s)" -- \
        env CLU_KERNEL_DIR="$MUT10/nv128" "$L10" -o fast -c 128x128x8x8x8 $s -r 1
    expect_out 0 'whole numbers.*: ok' "10: NVIDIA's 128 x 64 build of fast, here ($s)" -- \
        env CLU_KERNEL_DIR="$MUT10/nv64" "$L10" -o fast -c 128x64x8x8x8 $s -r 1
done
wrong10 nv128-lasttile fast -c 128x128x8x8x8 $S2
wrong10 nv128-lastk fast -c 128x128x8x8x8 $S1

# Broken in one place only: one entry, one float4, one group's last tile or
# its row offset, a block written past the end of C. At the largest size
# that finishes quickly here (1024^3), at 513^3 and 300 x 200 x 2300; exit 1
# on both data sets.
failed10() { # MUTANT VARIANT REGEX SIZES...
    local m=$1 v=$2 re=$3; shift 3
    expect_out 1 "$re" "10: mutant $m fails ($v $*)" -- env CLU_KERNEL_DIR="$MUT10/$m" "$L10" -o $v "$@" -r 1
}
G1="get_group_id(0) == 1 \&\& get_group_id(1) == 2"
mutant hole-cpu16 $K3 's/    const int j = get_global_id(0) \* 16, i = get_global_id(1) \* CPU_ROWS;/&\n    if (i == 32 \&\& j == 48) return;/'
mutant hole-cpu $K3 's/    const int j = get_global_id(0) \* CPU_NR, i0 = get_global_id(1) \* CPU_MB;/&\n    if (i0 == 128 \&\& j == 48) return;/'
mutant float4-reg $K2 's/const float4 v = vload4(0, \&acc\[r\]\[4 \* g\]);/const float4 v = (i == 77 \&\& j == 40) ? (float4)(0.0f) : vload4(0, \&acc[r][4 * g]);/'
mutant grouptile-reg $K2 "s|const int tiles = K / BK;|const int tiles = K / BK - ($G1);|"
mutant offset-reg $K2 's|    A += row0 \* K; /\* this group|    A += (get_group_id(1) == 2 ? 0 : row0) * K; /* this group|'
mutant offset-cpu16 $K3 's/acc\[r\] += b \* A\[(i + r) \* K + k\];/acc[r] += b * A[(i + r - (i == 32 ? 16 : 0)) * K + k];/'
mutant offset-cpu $K3 's/__global const float \*a = A + i \* K + kc;/__global const float *a = A + (i == 128 ? 0 : i) * K + kc;/'
mutant past-reg $K2 's|        const int i = row0 + (r / 4) \* NTY \* 4 + ty \* 4 + r % 4;|        const int i = row0 + (r / 4) * NTY * 4 + ty * 4 + r % 4 + (row0 + BM == M ? BM : 0);|'
mutant past-cpu16 $K3 's|vstore16(acc\[r\], 0, C + (i + r) \* N + j);|vstore16(acc[r], 0, C + (i + r + (i + CPU_ROWS == M ? CPU_ROWS : 0)) * N + j);|'
# cpu reads back the rows it wrote for the chunk before: move both.
mutant past-cpu $K3 's|vloadv(0, C + (i + r) \* N|vloadv(0, C + (i + r + (i + CPU_MR == M ? CPU_MR : 0)) * N|; s|vstorev(acc\[r\]\[v\], 0, C + (i + r) \* N|vstorev(acc[r][v], 0, C + (i + r + (i + CPU_MR == M ? CPU_MR : 0)) * N|'
BIG="-m 1024 -n 1024 -k 1024"
ODD="-m 513 -n 513 -k 513"
failed10 float4-reg fast 'wrong at C\[77\]\[40\]: got 0,' $BIG
failed10 float4-reg fast 'wrong at C\[77\]\[40\]: got 0,' $ODD
failed10 hole-cpu16 cpu16 'wrong at C\[32\]\[48\]: got nan' $BIG
for v in cpu cpu-direct; do failed10 hole-cpu $v 'wrong at C\[128\]\[48\]: got nan' $BIG; done
failed10 grouptile-reg fast 'whole numbers.*FAILED' $ODD
failed10 offset-reg fast 'whole numbers.*FAILED' $S3
failed10 offset-cpu16 cpu16 'whole numbers.*FAILED' $BIG
for v in cpu cpu-direct; do failed10 offset-cpu $v 'whole numbers.*FAILED' $BIG; done
failed10 past-reg fast 'wrote [0-9]+ floats past the end of C' $ODD
failed10 past-cpu16 cpu16 'wrote [0-9]+ floats past the end of C' $BIG
for v in cpu cpu-direct; do failed10 past-cpu $v 'wrote [0-9]+ floats past the end of C' $BIG; done
rm -rf "$MUT10"

# rusticl (Mesa): work-groups of at most 32, and a limit on a work-item's
# loop iterations: every variant takes what its kernel allows there, and
# the default is cpu16, said so.
if RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L10" --list 2>/dev/null | grep -q llvmpipe; then
    expect_out 0 "$OK10" "10: rusticl, all variants (33x17x9)" -- \
        env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L10" -m 33 -n 17 -k 9 -o all -r 0
    expect_out 0 '^variant: cpu16, the default on a CPU device that stops long loops' "10: rusticl's default is cpu16, said so" -- \
        env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L10" -m 33 -n 17 -k 9 -r 1
fi

# Oclgrind: no races, no uninitialised reads, no API misuse, at small sizes.
expect_clean_oclgrind "10: Oclgrind finds nothing (all variants, 17x31x13)" -- "$L10" -m 17 -n 31 -k 13 -o all -r 1
expect_clean_oclgrind "10: Oclgrind finds nothing (fast, 33x20x9, 32x32x8x4x4)" -- \
    "$L10" -m 33 -n 20 -k 9 -o fast -c 32x32x8x4x4 -r 1

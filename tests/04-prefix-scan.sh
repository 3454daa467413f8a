# Lesson 04: every scan variant at the edges of its tiles, int and float,
# inclusive and exclusive; broken kernels that must fail at large sizes;
# local memory refused first, the worst error with its index and bound,
# /dev/full, -h; Oclgrind with its race and uninitialized checks. (The
# single passes: tests/09-single-pass-scan.sh.)
L04=$PWD/$BIN/04-prefix-scan
VARIANTS="serial hillis-steele blelloch blelloch-pad multiblock-hs multiblock-blelloch multiblock reduce
          reduce-then-scan"

# Edges, every variant in one run (-o all skips the one-work-group scans when
# n is longer than their tile): 1, 2, wg-1, wg, wg+1, 2wg+1, a fast tile
# +-1, a prime, 2^k-1, 2^k+1; int and float, inclusive and exclusive in turn.
c=0
for wg_items in "1 4" "2 4" "32 8" "256 16"; do
    read -r wg items <<<"$wg_items"
    for n in $(scan_edges "$wg" "$items"); do
        c=$((c + 1))
        f=$(scan_flags $c)
        # shellcheck disable=SC2086
        expect_out 0 'verified reduce-then-scan: .*: ok' "04: every variant, n=$n wg=$wg items=$items $f" -- \
            "$L04" -o all $f -n $n -t $wg -v $items -r 0
        [ "$wg" -lt 2 ] || verified_twice "04: n=$n wg=$wg items=$items" multiblock-hs multiblock reduce
    done
done
# Mesa's rusticl on the CPU: kernels of at most 32 work-items. With no
# flags the shape comes from the kernels (the change printed, with why),
# and everything verifies.
R04=(env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L04")
if RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$L04" -o serial -n 1 >/dev/null 2>&1; then
    run_cmd "${R04[@]}" -n 5000 -r 1
    if [ "$ST" -eq 0 ] && grep -q '^shape:    work-group 256 -> 32: kernel .* allows at most 32 work-items here' "$LOG" \
       && grep -q '^result: variant=reduce-then-scan .* wg=32 ' "$LOG"; then
        pass "04: rusticl, no flags: verifies, the work-group halved to 32 and said so"
    else fail "04: rusticl, no flags: verifies, the work-group halved to 32 and said so" \
        "exit status $ST or missing lines" "RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl $L04 -n 5000"; fi
    for f in "-n 1" "-n 33 -T int -e" "-n 1009 -T int" "-n 65537 -e"; do
        # shellcheck disable=SC2086
        expect_out 0 'verified reduce-then-scan: .*: ok' "04: rusticl -o all $f" -- "${R04[@]}" -o all $f -r 0
        verified_twice "04: rusticl -o all $f" multiblock-hs multiblock reduce-then-scan
    done
fi
# Large, natively: every variant that takes n, both types, both scans.
for f in "-T float -i -n 16777216" "-T int -e -n 16777217" "-T float -e -n 1048579 -t 64 -v 32" \
         "-T int -i -n 1000003 -t 128 -v 8"; do
    # shellcheck disable=SC2086
    expect_out 0 'verified multiblock: .*: ok' "04: every variant $f" -- "$L04" -o all $f -r 0
    verified_twice "04: large $f" multiblock-hs reduce-then-scan
done
expect_out 0 'verified multiblock: .*: ok' "04: multiblock at 2^26+1" -- "$L04" -o multiblock -n 67108865 -r 0
expect_out 0 'verified blelloch-pad: 512 values' "04: one work-group, a whole tile" -- \
    "$L04" -o blelloch-pad -n 512 -t 256 -r 1
expect_out 0 'verified reduce-then-scan' "04: runs from another directory" -- \
    bash -c "cd / && '$L04' -o reduce-then-scan -n 3000 -r 1"

# What it prints: both checks, the worst error with its index and the bound
# there, the ratio to the copy kernel, one result: line per timed variant,
# the bank model.
expect_out 0 'verified reduce-then-scan \(whole numbers\): 5000 values, exact inputs, worst error 0 at \[[0-9]+\] \(must be 0\): ok' \
    "04: the check on whole numbers is exact" -- "$L04" -o reduce-then-scan -n 5000 -r 1
expect_out 0 'verified multiblock: 100003 values, worst error [0-9.e+-]+ at \[[0-9]+\] \(bound [0-9.e+-]+ there\): ok' \
    "04: prints the worst error, where, and the bound there" -- "$L04" -o multiblock -n 100003 -r 1
expect_out 0 '^result: variant=reduce-then-scan type=int scan=exclusive n=100000 wg=256 items=16 tile=4096 ms=.* pct_copy=' \
    "04: one result: line with the copy kernel's ratio" -- "$L04" -o reduce-then-scan -T int -e -n 100000 -r 1
expect_out 0 '% of the copy kernel' "04: prints the ratio to the copy kernel" -- "$L04" -o multiblock -n 100000 -r 1
expect_out 0 'plain: .* 16x .*' "04: the bank model shows the 16-way conflict" -- "$L04" -o blelloch -n 512 -r 1
run_cmd "$L04" -o all -n 200 -r 1
if [ "$(grep -c '^result: ' "$LOG")" -eq 9 ]; then pass "04: -o all: one result: line per variant"
else fail "04: -o all: one result: line per variant" "$(grep -c '^result: ' "$LOG") lines" "$L04 -o all -n 200"; fi
run_cmd "$L04" -h
for v in $VARIANTS; do
    if grep -Eq "^ +$v +[a-z(]" "$LOG"; then pass "04: -h lists $v with its why"
    else fail "04: -h lists $v with its why" "not in the usage" "$L04 -h"; fi
done
expect_out 2 'could not write the output' "04: a full disk is exit 2" -- bash -c "'$L04' -n 1000 -r 1 > /dev/full"

# Bad input: exit 2 and one clear line (more rows in tests/bad-inputs.txt).
expect_bad "04: -n 0" -- "$L04" -n 0
expect_bad "04: -n beyond 2^31" -- "$L04" -n 2147483649
expect_bad "04: -n larger than the device's memory" -- "$L04" -n 2147483648
expect_bad "04: -n 12x" -- "$L04" -n 12x
expect_bad "04: unknown variant" -- "$L04" -o quick
expect_bad "04: a single pass is lesson 09's" -- "$L04" -o lookback
expect_bad "04: unknown type" -- "$L04" -T double
expect_bad "04: -i and -e together" -- "$L04" -i -e
expect_bad "04: -t not a power of two" -- "$L04" -t 48
expect_bad "04: -t too large" -- "$L04" -t 65536
expect_bad "04: -v not a multiple of 4" -- "$L04" -o reduce-then-scan -v 6
expect_bad "04: -v 0" -- "$L04" -o reduce-then-scan -v 0
expect_bad "04: -v beyond 64" -- "$L04" -o reduce -v 128
expect_bad "04: hillis-steele beyond one work-group" -- "$L04" -o hillis-steele -n 257 -t 256
expect_bad "04: blelloch beyond one work-group" -- "$L04" -o blelloch -n 513 -t 256
expect_bad "04: hillis-steele tiles of one" -- "$L04" -o multiblock-hs -t 1
expect_bad "04: the serial baseline is float only" -- "$L04" -o serial -T int
expect_check_only "04: -r 0 checks every variant and times nothing" "time:     not measured: -r 0" -- \
    "$L04" -o all -n 5000 -r 0
expect_bad "04: -r 101" -- "$L04" -r 101
expect_bad "04: -s is lesson 09's" -- "$L04" -s 1
# Local arrays larger than the device's local memory: refused with the real
# reason before anything runs (PoCL aborted inside the launch; Oclgrind said
# CL_OUT_OF_RESOURCES with a hint about work-group sizes). Under Oclgrind,
# whose 32 KiB any CPU's local memory exceeds (PoCL's follows the cache).
expect_out 2 "^error: kernel scan_tiles needs [0-9]+ bytes of local memory .*CL_DEVICE_LOCAL_MEM_SIZE" \
    "04: reduce-then-scan -t 256 -v 64 under Oclgrind: local memory refused" -- \
    oclgrind "$L04" -o reduce-then-scan -n 100 -t 256 -v 64
expect_bad "04: reduce-then-scan -t 256 -v 64 under Oclgrind: one line" -- \
    oclgrind "$L04" -o reduce-then-scan -n 100 -t 256 -v 64
expect 0 "04: the refusal comes before anything ran" -- \
    bash -c "! oclgrind '$L04' -o all -n 100 -t 256 -v 64 2>/dev/null | grep -q verified"
# Without -v the device's local memory sets the values per work-item: under
# Oclgrind 16 of them in a tile of 512 work-items do not fit, so they are
# halved, and the program says so.
expect_out 0 '^shape:    values per work-item 16 -> 8: the local arrays need [0-9]+ bytes, the device has 32768' \
    "04: a shape the device halves is printed as changed, with why" -- \
    oclgrind "$L04" -o reduce-then-scan -n 100 -t 512 -r 1

# Broken kernels must fail: natively at 2^24 and more (int and float,
# inclusive and exclusive), at the sizes where the old check let them pass
# (the default n and 100003), and at small ones.
BADK=$(mktemp -d)
mutant() { # mutant NAME FILE SED: a copy of the kernels with one change
    mkdir "$BADK/$1"
    cp kernels/00-peak.cl kernels/04-prefix-scan*.cl kernels/*.h "$BADK/$1/"
    sed -i "$3" "$BADK/$1/$2"
    if cmp -s "kernels/$2" "$BADK/$1/$2"; then fail "04: mutant $1 differs from the kernel" "sed changed nothing" "$3"; fi
}
B=04-prefix-scan.cl F=04-prefix-scan-fast.cl H=04-prefix-scan-tiles.h
mutant carry $B 's/const uint end = min(n, (g + 1) \* tile);/const uint end = g + 1 == get_num_groups(0) ? g * tile : min(n, (g + 1) * tile);/'
mutant zero-tile $B 's/out\[base + bi\] = tmp\[slot(bi, pad)\]/out[base + bi] = (T)0 * tmp[slot(bi, pad)]/'
mutant drop-last $B 's/< n ? in\[base + \([ab]\)i\]/< n - 1 ? in[base + \1i]/'
mutant hs-drop-last $B 's/buf\[src\]\[lid\] = i < n ? in\[i\]/buf[src][lid] = i + 1 < n ? in[i]/'
mutant erratum $B 's/tmp\[slot(bi, pad)\] = vb;/tmp[bi + CONFLICT_FREE_OFFSET(ai)] = vb;/'
mutant tail-zero $H 's/out\[first + k\] = y\[k\];/out[first + k] = (T)0;/'
mutant fast-drop-last $H 's/x\[k\] = first + k < n ? in/x[k] = first + k + 1 < n ? in/'
mutant rts-carry $F 's/scanned_sums\[tile\] + before/(tile + 1 == get_num_groups(0) ? (T)0 : scanned_sums[tile]) + before/'
# Whole tiles stored past the end of the array: a wrong result (exit 1)
# that names the buffer, not a crash in the allocator later.
mutant abs-past-end $B 's/i < end; i += WG)/i < (g + 1) * tile; i += WG)/'
mutant rts-past-end $F 's/scanned_sums\[tile\] + before, exclusive, full, stage);/scanned_sums[tile] + before, exclusive, 1, stage);/'
# carry at 2^24 and more: float inclusive at 2^26+1 (below), int and float
# exclusive at odd sizes past 2^24 here
big="-T int -e -n 16777217;-T float -e -n 16777219"
while IFS='|' read -r m variants sizes; do
    for v in $variants; do
        IFS=';' read -ra list <<<"$sizes"
        for s in "${list[@]}"; do
            # shellcheck disable=SC2086
            expect_out 1 'FAILED' "04: broken '$m' fails: $v $s" -- env CLU_KERNEL_DIR="$BADK/$m" "$L04" -o $v $s -r 1
        done
    done
done <<EOF2
carry|multiblock|-r 1;-n 100003;-n 5000 -T int -e;$big;-T float -i -n 67108865
carry|multiblock-hs|-T int -e -n 16777217
carry|reduce-then-scan|-n 300000 -t 64 -v 4;-T float -i -n 16777216
zero-tile|blelloch multiblock-blelloch|-n 512 -t 256;-n 3 -t 2 -T int -e
zero-tile|multiblock|-T float -e -n 16777219
drop-last|multiblock|-n 1000 -T int;-T float -i -n 16777217
hs-drop-last|hillis-steele|-n 100 -t 128;-n 256 -T int
hs-drop-last|multiblock-hs|-n 100 -t 128;-T int -n 16777217
erratum|blelloch-pad|-T int -n 512
erratum|multiblock|-T int -i -n 16777217
tail-zero|reduce-then-scan|-n 5;-T int -e -n 16777219
fast-drop-last|reduce|-n 4097;-T float -n 16777217
rts-carry|reduce-then-scan|-n 100003;-T float -e -n 16777216
abs-past-end|multiblock|-n 1000003;-n 65537 -T int -e;-n 513
rts-past-end|reduce-then-scan|-n 1000003 -T int;-n 5
EOF2
expect_out 1 'FAILED' "04: broken 'carry' fails at -r 0 too (multiblock, n=1000003)" -- \
    env CLU_KERNEL_DIR="$BADK/carry" "$L04" -o multiblock -T float -i -n 1000003 -r 0
# A write past the end names the buffer and exits 1, never a crash.
expect_out 1 '^FAILED: a kernel wrote past the end of the output \(4004 bytes\)' \
    "04: a tile stored past the end is reported with the place" -- \
    env CLU_KERNEL_DIR="$BADK/abs-past-end" "$L04" -o multiblock -n 1001 -r 1
rm -rf "$BADK"

# Oclgrind: out-of-bounds accesses, uninitialized reads, data races.
expect_clean_oclgrind "04: Oclgrind: hillis-steele (n=31, wg=32)" -- "$L04" -o hillis-steele -n 31 -t 32 -r 1
expect_clean_oclgrind "04: Oclgrind: blelloch-pad (n=63, wg=32)" -- "$L04" -o blelloch-pad -e -n 63 -t 32 -r 1
expect_clean_oclgrind "04: Oclgrind: multiblock (n=1000, wg=16)" -- "$L04" -o multiblock -n 1000 -t 16 -r 1
expect_clean_oclgrind "04: Oclgrind: multiblock-hs (n=300, wg=8)" -- "$L04" -o multiblock-hs -T int -n 300 -t 8 -r 1
expect_clean_oclgrind "04: Oclgrind: reduce (n=5000, wg=16)" -- "$L04" -o reduce -n 5000 -t 16 -v 8 -r 1
expect_clean_oclgrind "04: Oclgrind: reduce-then-scan (n=3001, wg=16)" -- \
    "$L04" -o reduce-then-scan -e -n 3001 -t 16 -v 4 -r 1
# -v 8 and more: Oclgrind once reported the vector built for the staged
# store as uninitialized (a false positive; the store now uses vload4).
for v in 8 16; do
    expect_clean_oclgrind "04: Oclgrind: reduce-then-scan -v $v (n=2000, wg=8)" -- \
        "$L04" -o reduce-then-scan -T int -e -n 2000 -t 8 -v $v -r 1
done

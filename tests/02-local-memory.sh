# Lesson 02: B in local memory, whole and in tiles. Every variant at the edge
# sizes, tiles longer and shorter than the group; broken kernels (write zero,
# drop the last term, skip the last tile or the tail) rejected at large sizes;
# limits refused with exit 2 and a message that says what to do; Oclgrind
# clean on the right kernels and reporting the wrong ones.
L02=$PWD/$BIN/02-local-memory

# Edge sizes: X around the work-group size, a prime, 2^k-1 and 2^k+1, with
# B longer than two tiles; then Y around a tile (tile = the work-group size).
for wg in 16 64 256; do
    for x in 1 2 $((wg - 1)) $wg $((wg + 1)) 1009 4095 4097; do
        expect_out 0 'verified tiled C: .*: ok' "02: X=$x Y=$((2 * wg + 3)) wg=$wg, all variants" -- \
            "$L02" -x $x -y $((2 * wg + 3)) -t $wg -r 0
    done
    for y in 1 2 $((wg - 1)) $wg $((wg + 1)) 997 4095 4097; do
        expect_out 0 'verified whole C: .*: ok' "02: X=1000 Y=$y wg=$wg, all variants" -- \
            "$L02" -x 1000 -y $y -t $wg -r 0
    done
done
# Tiles longer and shorter than the work-group.
expect_out 0 'verified tiled C: .*: ok' "02: tile 1000 > wg 64" -- "$L02" -x 500 -y 2501 -t 64 -s 1000 -r 0 -o tiled
expect_out 0 'verified tiled C: .*: ok' "02: tile 7 < wg 64" -- "$L02" -x 500 -y 101 -t 64 -s 7 -r 0 -o tiled
expect_out 0 'verified whole C: .*: ok' "02: whole, Y=3000" -- "$L02" -x 777 -y 3000 -t 32 -r 0 -o whole
expect_out 0 'verified tiled C \(whole numbers\): .*exact inputs.*: ok' "02: checks whole numbers exactly" -- \
    "$L02" -x 100 -y 10 -r 0 -o tiled
expect_out 0 'local memory: [0-9]+ bytes' "02: prints the local memory size" -- "$L02" -x 10 -y 10 -r 1
expect_out 0 '% of peak' "02: prints the share of the peak" -- "$L02" -x 1000 -y 100 -r 1
expect_out 0 '^result: variant=tiled X=1000 Y=100 wg=256 local_floats=256 ms=[0-9.]+ .*pct_peak=' \
    "02: one result line per timed variant" -- "$L02" -x 1000 -y 100 -r 1
run_cmd "$L02" --fill-device -y 2 -r 1 -o naive
fx=$(sed -n 's/^result: variant=naive X=\([0-9]*\) .*/\1/p' "$LOG")
if [ "$ST" -eq 0 ] && [ -n "$fx" ] && [ $((fx % 131072)) -eq 0 ]; then pass "02: --fill-device: X = 131072 per compute unit"
else fail "02: --fill-device: X = 131072 per compute unit" "exit $ST, X=$fx" "$L02 --fill-device -y 2 -o naive"; fi

# Limits and bad input: exit 2 with one clear line (more in tests/bad-inputs.txt).
expect_out 2 'at most [0-9]+' "02: -t too large names the limit" -- "$L02" -x 100 -y 10 -t 65536
expect_out 2 'needs 67108864 bytes of local memory, the device has [0-9]+ bytes \(room for [0-9]+ floats\): choose -s [0-9]+ or less' \
    "02: the tile message names both sizes and what to do" -- "$L02" -x 100 -y 10 -s 16777216 -o tiled
run_cmd "$L02" -x 100 -y 10 -s 262145 -r 1 -o tiled # fits on some devices, not on others
if { [ "$ST" -eq 0 ] && grep -q 'verified tiled C: .*: ok' "$LOG"; } ||
   { [ "$ST" -eq 2 ] && grep -q 'choose -s [0-9]* or less' "$ERR" && ! grep -q 'try -o tiled' "$ERR"; }; then
    pass "02: -s 262145 runs, or says to choose a shorter tile"
else fail "02: -s 262145 runs, or says to choose a shorter tile" "exit $ST" "$L02 -s 262145 -o tiled"; fi
expect_out 2 'all of B of 100000000 floats needs .*: use -o tiled' "02: whole with a B too large says to use tiled" -- \
    "$L02" -x 10 -y 100000000 -o whole
expect_out 0 'whole +skipped: all of B .* needs' "02: all variants skip whole when B does not fit" -- \
    "$L02" -x 10 -y 2000000 -r 1
expect 2 "02: a full disk is exit 2 (the verdict was lost)" -- bash -c "'$L02' -x 100 -y 10 -r 1 >/dev/full"
for v in naive whole tiled wrong-barrier; do
    expect_out 0 "^ +$v +[A-Za-z]" "02: -h lists $v with its why" -- "$L02" -h
done

# Broken kernels must fail verification (exit 1): written with sed into a
# scratch kernel folder, run natively at large sizes and at odd ones.
BADK=$(mktemp -d)
LARGE="-x 4099 -y 262147 -t 256 -r 1" # 10^9 terms; Y = 1024 tiles + 3
WHOLE="-x 131075 -y 8191 -t 128 -r 1"  # all of B in 32 KiB: fits every device
mutant() { # mutant NAME FILE SED VARIANT SIZES...: each size must exit 1
    local name=$1 file=$2 expr=$3 v=$4; shift 4
    cp kernels/01-hello-world.cl kernels/02-local-memory.cl kernels/00-peak.cl "$BADK/"
    sed "$expr" "kernels/$file" >"$BADK/$file"
    if cmp -s "kernels/$file" "$BADK/$file"; then fail "02: mutant $name" "sed changed nothing" "sed '$expr'"; return; fi
    for size in "$@"; do
        # shellcheck disable=SC2086
        expect_out 1 'FAILED' "02: mutant '$name' fails (-o $v $size)" -- \
            env CLU_KERNEL_DIR="$BADK" "$L02" $size -o "$v"
    done
}
mutant "naive writes zero" 01-hello-world.cl 's/C\[x\] = sum;/C[x] = 0.0f * sum;/' naive "$LARGE"
mutant "naive drops the last term" 01-hello-world.cl 's/y < Y; y++/y < Y - 1; y++/' naive "$LARGE"
mutant "naive skips the last group" 01-hello-world.cl 's/if (x >= X)/if (x >= X - X % 256)/' naive "$LARGE"
mutant "whole writes zero" 02-local-memory.cl 's/C\[x\] = sum;/C[x] = 0.0f * sum;/' whole "$WHOLE"
mutant "whole drops the last term" 02-local-memory.cl \
    's/for (int y = 0; y < Y; y++)/for (int y = 0; y < Y - 1; y++)/' whole "$WHOLE"
mutant "whole copies no tail of B" 02-local-memory.cl \
    's/for (int y = lid; y < Y; y += lsize)/for (int y = lid; y < Y \/ lsize * lsize; y += lsize)/' whole "$WHOLE"
mutant "tiled writes zero" 02-local-memory.cl 's/C\[x\] = sum;/C[x] = 0.0f * sum;/' tiled "$LARGE"
mutant "tiled drops the last term" 02-local-memory.cl \
    's/for (int i = 0; i < n; i++)/for (int i = 0; i < n - (y0 + n == Y); i++)/' tiled "$LARGE"
mutant "tiled skips the partial last tile" 02-local-memory.cl \
    's/for (int y0 = 0; y0 < Y; y0 += T)/for (int y0 = 0; y0 + T <= Y; y0 += T)/' tiled \
    "-x 300 -y 100 -t 64 -r 1" "-x 1000 -y 8193 -t 256 -r 1" "-x 1000 -y 1048577 -t 256 -r 1" "$LARGE"
mutant "tiled skips the last group" 02-local-memory.cl 's/if (x < X)/if (x < X - X % 256)/' tiled "$LARGE"
# The common helper's sweep: one more per variant, at the large size and at
# odd ones with the default work-group size (what rusticl and a GPU get).
ODD="-x 1009 -y 4097 -r 1"  # a prime, 2^12 + 1
mutant "naive ignores A" 01-hello-world.cl 's/sum += A\[x\] \* B\[y\];/sum += B[y];/' naive "$LARGE" "$ODD"
mutant "naive leaves the last element" 01-hello-world.cl 's/if (x >= X)/if (x >= X - 1)/' naive "$LARGE" "$ODD"
mutant "whole copies B without its last value" 02-local-memory.cl 's/Bl\[y\] = B\[y\];/Bl[y] = y == Y - 1 ? 0.0f : B[y];/' \
    whole "$WHOLE" "$ODD" "-x 65537 -y 257 -r 1"
mutant "tiled ignores the tile's offset" 02-local-memory.cl '/outer_sum_tiled/,/end snippet tiled/s/tile\[i\] = B\[y0 + i\];/tile[i] = B[i];/' \
    tiled "$LARGE" "$ODD"

# Oclgrind: the right kernels run clean; the wrong ones are reported.
expect_clean_oclgrind "02: Oclgrind: all variants clean (X=100, Y=37, wg=64)" -- "$L02" -x 100 -y 37 -t 64 -r 1
expect_clean_oclgrind "02: Oclgrind: tiled, tile 5 > wg 4" -- "$L02" -x 13 -y 23 -t 4 -s 5 -r 1 -o tiled
expect_clean_oclgrind "02: Oclgrind: tiled, tile 3 < wg 8" -- "$L02" -x 9 -y 10 -t 8 -s 3 -r 1 -o tiled
expect_clean_oclgrind "02: Oclgrind: X=1 Y=1 wg=1" -- "$L02" -x 1 -y 1 -t 1 -r 1
expect_clean_oclgrind "02: Oclgrind: X=17 Y=33 wg=16 (wg+1, 2wg+1)" -- "$L02" -x 17 -y 33 -t 16 -r 1
run_cmd oclgrind --max-errors 5 --data-races --uninitialized "$L02" -x 100 -y 37 -t 64 -r 1 -o wrong-barrier
if [ "$ST" -ne 0 ] && grep -q 'Work-group divergence detected (barrier)' "$ERR"; then
    pass "02: Oclgrind reports the early return before a barrier"
else
    fail "02: Oclgrind reports the early return before a barrier" "exit $ST, no divergence report" \
        "oclgrind $L02 -o wrong-barrier"
fi
expect_bad "02: wrong-barrier refused on a real device" -- "$L02" -x 100 -y 10 -o wrong-barrier
expect_check_only "02: -r 0 checks every kernel and times nothing" "times: not measured (-r 0)" -- "$L02" -x 1000 -y 100 -r 0
# Without the barrier after the copy, work-items read a tile that is still
# being written: Oclgrind must report the race.
cp kernels/01-hello-world.cl kernels/00-peak.cl "$BADK/"
awk '/outer_sum_tiled/ { t = 1 } t && /barrier\(/ && !done { done = 1; next } { print }' \
    kernels/02-local-memory.cl >"$BADK/02-local-memory.cl"
run_cmd oclgrind --max-errors 3 --data-races env CLU_KERNEL_DIR="$BADK" "$L02" -x 40 -y 37 -t 8 -r 1 -o tiled
if grep -q 'data race' "$ERR"; then pass "02: Oclgrind reports a tile read before the barrier"
else fail "02: Oclgrind reports a tile read before the barrier" "no data race reported" "oclgrind ... -o tiled"; fi
rm -rf "$BADK"

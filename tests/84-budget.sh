# The time budget and the watchdog, from a probe of this device
# (common/budget.c): a kernel that never ends is stopped within seconds,
# with one line naming it; a typed size over --budget is refused with the
# device's estimate and the --budget that would do; sizes not typed are
# never refused, and a run with no flags prints its timings.
B01=$PWD/$BIN/01-hello-world
B02=$PWD/$BIN/02-local-memory
B04=$PWD/$BIN/04-prefix-scan

# A tiled kernel that never ends: the watchdog (4 times the estimate, 10 s
# at least, builds not counted) stops it long before the test's limit of
# 90 s; the old watchdog waited ten times --budget, 10 minutes. (PoCL with
# one thread: it spins one core for those seconds, not every core.)
HANGK=$(mktemp -d)
cp kernels/*.cl kernels/*.h "$HANGK/"
sed '/^__kernel void outer_sum_tiled/,/^{/ s/^{$/{ while (1) { if (A[0] == 12345.0f) break; }/' \
    kernels/02-local-memory.cl >"$HANGK/02-local-memory.cl"
if cmp -s kernels/02-local-memory.cl "$HANGK/02-local-memory.cl"; then
    fail "84: a kernel that never ends" "sed changed nothing" "sed on kernels/02-local-memory.cl"
else
    started=$(date +%s)
    TEST_TIMEOUT=90 expect_out 2 '^error: the kernel outer_sum_tiled \(the check of the kernels\) did not finish within [0-9]+ s' \
        "84: a kernel that never ends is stopped, with one line naming it" -- \
        env CLU_KERNEL_DIR="$HANGK" POCL_MAX_PTHREAD_COUNT=1 "$B02" -o tiled -x 4096 -y 256 -r 1
    took=$(($(date +%s) - started))
    if [ "$ST" -eq 2 ] && [ "$(grep -c . "$ERR")" -eq 1 ] && [ "$took" -le 60 ]; then
        pass "84: ... in $took s, one line on stderr"
    else
        fail "84: the never-ending kernel is stopped within 60 s, one line" "status $ST after $took s" \
            "$B02 -o tiled (never ends)"
    fi
fi
rm -rf "$HANGK"

# Typed sizes over the budget: refused before anything is allocated, with
# how long this device would take and the --budget that would do.
expect_out 2 '^error: -n 268435456 would take about [0-9]+ s on this device .*\(measured now: .*more than --budget 1 s: raise it with --budget [0-9]+ or choose smaller sizes' \
    "84: a typed size over --budget: the device's estimate and the flag" -- "$B04" -n 268435456 --budget 1
expect_bad "84: ... as one line, exit 2" -- "$B04" -n 268435456 --budget 1
expect_out 2 '^error: -x 1048576 -y 4096 would take about' "84: typed sizes over --budget 1 are refused" -- \
    "$B01" -x 1048576 -y 4096 --budget 1

# No sizes typed: never refused, even with --budget 1; the timings print.
expect_out 0 '^kernel: +[0-9.]+ ms' "84: no flags but --budget 1: verified and timed" -- "$B01" --budget 1
if grep -Eq '^serial C: +[0-9.]+ ms' "$LOG"; then pass "84: ... the serial C timed too (the same run)"
else fail "84: ... the serial C timed too" "no 'serial C:' line in the run above" "$B01 --budget 1"; fi

# The estimate is printed on request, for the budget's own calibration.
expect_out 0 '^estimate: [0-9.]+ s for X·Y multiply-adds \(measured now: [0-9.e+]+ multiply-adds/s' \
    "84: CLU_SHOW_ESTIMATE prints the probe's estimate" -- env CLU_SHOW_ESTIMATE=1 "$B01" -x 65536 -y 256 -r 1

# A third OpenCL implementation: Mesa's rusticl on the CPU (llvmpipe). It
# allows 32 work-items per group for these kernels, has no 64-bit atomics and
# its profiling timestamps are a counter (start 2, end 3 ns). Every lesson
# runs with NO work-group flag at small sizes and must verify; its times come
# from the host clock and say so. Every exercise's solution is graded there
# (08-1's checker flushes its three queues after each command, without
# which a wait across queues never returns there, and waits for every
# event, as rusticl 22.3's clFinish can return before its queue is done).
# tools/deps.sh test installs mesa-opencl-icd.
RUSTICL="env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl"
if ! $RUSTICL "$BIN/01-hello-world" --list 2>/dev/null | grep -q '^platform [0-9]*: rusticl'; then
    fail "rusticl: a rusticl platform is registered" "none in --list" "make deps-test (mesa-opencl-icd)"
else
    for run in "01-hello-world -x 1000 -y 100 -r 1" "02-local-memory -x 1000 -y 100 -r 1" \
               "03-vector-types -x 1000 -y 100 -r 1" "04-prefix-scan -n 10000 -r 1" \
               "09-single-pass-scan -n 10000 -r 1" \
               "05-matrix-multiplication -m 64 -n 64 -k 64 -r 1" "06-debugging -o run -x 100 -y 10" \
               "07-subset-sum -n 12 -r 1" "08-queues-overlap -n 100000 -r 1"; do
        # shellcheck disable=SC2086
        expect_out 0 'verified' "rusticl: $run (no -t)" -- $RUSTICL "$BIN/"$run
    done
    expect_out 0 'verified' "rusticl: 10-gemm-to-the-limit -m 64 -n 64 -k 64 -r 1 (no -c)" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" -m 64 -n 64 -k 64 -r 1
    # llvmpipe stops a work-item's loops after 65535 iterations of them all,
    # silently. At 512 x 96 x 256 10's cpu kernel had 64 rows per work-item,
    # ~85 000 iterations, and a wrong C before its shape asked the device's
    # limit; there the default is cpu16, and a K no shape fits is refused.
    expect_out 0 'verified device C \(cpu\): .*: ok' "rusticl: 10's cpu shape stays under the device's loop limit" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" -o cpu -m 512 -n 96 -k 256 -r 1
    expect_out 0 'result: variant=cpu16 ' "rusticl: 10's default there is cpu16" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" -m 40 -n 40 -k 300 -r 1
    expect_out 2 "stops a work-item's loops after 65535 without a word.*K up to [0-9]+" \
        "rusticl: 10's cpu16 refuses a K the loop limit cuts off" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" -m 4 -n 4 -k 16384 -r 1
    expect_out 2 "stops a work-item's loops after 65535 without a word.*K up to [0-9]+" \
        "rusticl: 10's cpu refuses -c rows the loop limit cuts off" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" -o cpu -c 64x12x64x4x12 -m 64 -n 12 -k 256 -r 1
    # The outer sums of 01, 02, 03 and 06 loop over Y in every work-item: a Y
    # past the limit was a FAILED with the right kernel (the sums cut short);
    # now the sizes are refused, and sizes just under the limit still verify
    # (02's tiles of 4 add about four turns a tile to Y's).
    for run in "01-hello-world -x 10 -y 200000 -r 1" "02-local-memory -x 10 -y 200000 -r 1" \
               "03-vector-types -x 10 -y 200000 -r 1" "06-debugging -x 10 -y 200000" \
               "02-local-memory -o tiled -x 10 -y 60000 -t 32 -r 1" "02-local-memory -o tiled -x 40 -y 38000 -t 4 -r 1"; do
        # shellcheck disable=SC2086
        expect_out 2 "^error: .*-y [0-9]+.*: a work-item would take about [0-9]+ loop turns in one launch, and this device stops a work-item's loops after 65535 turns without a word" \
            "rusticl: $run: a Y past the loop limit is refused" -- $RUSTICL "$BIN/"$run
    done
    for run in "01-hello-world -x 10 -y 58000" "02-local-memory -o tiled -x 40 -y 29000 -t 4" "03-vector-types -x 10 -y 52000"; do
        # shellcheck disable=SC2086
        expect_out 0 'verified' "rusticl: $run: just under the loop limit, it runs and verifies" -- $RUSTICL "$BIN/"$run -r 1
    done
    # No shape of --tune's sweep fits rusticl's 32 work-items a group: said in
    # one line that points at the default, which picks one that does.
    expect_out 2 "^error: no shape of --tune's sweep fits this device .*without --tune the program picks one that does" \
        "rusticl: 10 --tune, where no shape of the sweep fits, says so and names the way out" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" --tune -m 40 -n 33 -k 20 -r 1
    expect_out 0 'verified' "rusticl: 10 at those sizes without --tune runs and verifies" -- \
        $RUSTICL "$BIN/10-gemm-to-the-limit" -m 40 -n 33 -k 20 -r 1
    # (the rows per work-item depend on the CPU's vectors: 64 with AVX2, 32
    # with AVX-512; what must hold is that K does not change them)
    rows_at_64=$("$BIN/10-gemm-to-the-limit" -m 256 -n 96 -k 64 -r 1 2>/dev/null |
        sed -n 's/^result: variant=cpu .*tiles=\([0-9]*\)x.*/\1/p')
    expect_out 0 "result: variant=cpu .*tiles=${rows_at_64:-none}x" \
        "rusticl: without a loop limit (PoCL) cpu stays the default at K = 4096: ${rows_at_64:-?} rows, as at K = 64" -- \
        "$BIN/10-gemm-to-the-limit" -m 256 -n 96 -k 4096 -r 1
    expect_out 0 '^timer: host clock' "rusticl: unusable timestamps fall back to the host clock, said once" -- \
        $RUSTICL "$BIN/01-hello-world" -x 1000 -y 100 -r 2
    [ "$(grep -c '^timer:' "$LOG")" -eq 1 ] && grep -q ' timer=host$' "$LOG" &&
        pass "rusticl: one timer line, result: says timer=host" ||
        fail "rusticl: one timer line, result: says timer=host" "$(grep -c '^timer:' "$LOG") timer lines" "01 on rusticl"
    expect_out 2 'would take about [0-9]+ s on this device .*more than --budget 1 s: raise it with --budget' \
        "rusticl: typed sizes that would outrun --budget are refused with the probe's estimate" -- \
        $RUSTICL "$BIN/02-local-memory" -x 100000 -y 1000 -r 5 --budget 1
    # Lesson 08 times with events of its own (spans across queues): there too
    # one clu 'timer:' line, and every result line that timed says timer=host.
    run_cmd env RUSTICL_ENABLE=llvmpipe CLU_PLATFORM=rusticl "$BIN/08-queues-overlap" -n 100000 -r 2
    if [ "$ST" -eq 0 ] && [ "$(grep -c '^timer:' "$LOG")" -eq 1 ] && ! grep -q '^timing:' "$LOG" &&
        ! grep '^result: variant=[a-z0-9]* n=.* ms=' "$LOG" | grep -v '^result: variant=event' | grep -qv ' timer=host$'; then
        pass "rusticl: 08 says the host clock once, and timer=host on every timed result"
    else fail "rusticl: 08 says the host clock once, and timer=host on every timed result" \
        "exit $ST, $(grep -c '^timer:' "$LOG") timer lines" "08 on rusticl"; fi
    run_cmd "$BIN/01-hello-world" -x 1000 -y 100 -r 2 # PoCL's timestamps are a clock
    if [ "$ST" -eq 0 ] && ! grep -q '^timer:' "$LOG" && grep -q ' timer=events$' "$LOG"; then
        pass "rusticl: PoCL keeps its event times (timer=events)"
    else fail "rusticl: PoCL keeps its event times (timer=events)" "exit $ST" "$BIN/01-hello-world"; fi
    # Every solution's device pass on rusticl (the Oclgrind pass, the same
    # program whatever the platform, is the corpus files' to test).
    SOLVED=$(mktemp -d)
    for sol in solutions/*/; do
        ex=$(basename "$sol")
        mkdir "$SOLVED/$ex"
        tools/starters.sh solve "$ex" "$SOLVED/$ex"
        expect_out 0 "score ([0-9]+)/\\1$" "rusticl: exercise $ex: the solution scores full marks" -- \
            $RUSTICL GRADE_NO_SPEED=1 OCLGRIND= tools/grade.sh "$ex" "$SOLVED/$ex"
    done
    rm -rf "$SOLVED"
fi

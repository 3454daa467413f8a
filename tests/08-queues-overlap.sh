# Lesson 08: z = x * y moved every way (pageable, pinned, mapped, in chunks on
# one or three queues), checked on whole numbers and random floats; broken
# kernels that must fail; Oclgrind with three queues and events.
L08=$PWD/$BIN/08-queues-overlap

# Edge sizes and chunk counts: 1, 2, around a work-group, a prime, 2^k - 1,
# 2^k + 1; one chunk, chunks that do not divide n, one element per chunk.
for case in "1 1 1" "2 2 64" "255 3 256" "256 8 256" "257 8 256" "1009 7 64" "65535 64 256" "65537 5 1"; do
    read -r n c wg <<<"$case"
    expect_out 0 'verified chunks3 z: .*: ok' "08: n=$n chunks=$c wg=$wg, every variant" -- \
        "$L08" -n "$n" -c "$c" -t "$wg" -r 1
done
expect_out 0 'result: variant=chunks3 .*vs_chunks1=' "08: the pipelines are compared" -- "$L08" -n 100000 -o chunks3 -r 1
expect_out 0 'result: variant=event n=100000 chunks=4 pipeline=chunks3 queue=download chunk=3 command=read-z' \
    "08: the timeline has a row per queue" -- "$L08" -n 100000 -c 4 -r 1 -o chunks3
expect_out 0 'split: only one device|result: variant=split' "08: says what it does with one device" -- \
    "$L08" -n 1000 -r 1
expect_out 0 'verified pinned' "08: runs from another directory" -- bash -c "cd / && '$L08' -n 1000 -o pinned -r 1"

# A broken OpenMP loop (compare.c), built as the Makefile builds the lesson,
# must fail at a size that no piece of it divides.
if "$L08" -n 64 -c 1 -r 1 -o kernel | grep -q '[1-9][0-9]* OpenMP threads'; then
    BADC=$(mktemp -d)
    if build_host_mutant 08-queues-overlap lessons/08-queues-overlap/compare.c \
        's/for (long i = 0; i < (long)n; i++) z\[i\]/for (long i = 0; i < (long)n - 1; i++) z[i]/' "$BADC/08"; then
        expect_out 1 'verified omp z.*FAILED' "08: an OpenMP loop that skips the last element fails" -- \
            "$BADC/08" -n 65537 -o omp -r 1
    fi
    rm -rf "$BADC"
else
    pass "08: OpenMP mutant skipped: this build has no OpenMP"
fi

# Broken kernels must fail, natively at 4 M elements in 8 chunks.
BADK=$(mktemp -d)
mutant8() { # mutant8 NAME VARIANT SED-EXPRESSION
    sed "$3" kernels/08-queues-overlap.cl >"$BADK/08-queues-overlap.cl"
    if cmp -s kernels/08-queues-overlap.cl "$BADK/08-queues-overlap.cl"; then
        fail "08: mutant $1" "the sed expression changed nothing" "sed '$3'"; return
    fi
    expect_out 1 "verified $2 z.*FAILED" "08: broken kernel fails: $1" -- \
        env CLU_KERNEL_DIR="$BADK" "$L08" -n 4194304 -c 8 -o "$2" -r 1
}
mutant8 "write zero" kernel 's/z\[first + i\] = x\[first + i\] \* y\[first + i\]/z[first + i] = 0.0f/'
mutant8 "skip the tail" pinned 's/if (i < count)/if (i < count - 1)/'
mutant8 "ignore the chunk's offset" chunks3 's/z\[first + i\] = x\[first + i\] \* y\[first + i\]/z[i] = x[i] * y[i]/'
mutant8 "read y for x" mapped 's/x\[first + i\] \* y/y[first + i] * y/'
# With no flags, every variant runs one after the other on the same device
# buffers: each starts from NaN, so a kernel that ignores the chunk's offset
# cannot pass on what the variant before it left in z.
sed 's/z\[first + i\] = x\[first + i\] \* y\[first + i\]/z[i] = x[i] * y[i]/' kernels/08-queues-overlap.cl \
    >"$BADK/08-queues-overlap.cl"
expect_out 1 'verified chunks1 z \(whole numbers\).*FAILED' "08: ignoring the chunk's offset fails with no flags" -- \
    env CLU_KERNEL_DIR="$BADK" "$L08"
mutant8 "drop the y term" chunks3 's/z\[first + i\] = x\[first + i\] \* y\[first + i\]/z[first + i] = x[first + i]/'
rm -rf "$BADK"

for o in kernel pageable pinned mapped; do
    expect_clean_oclgrind "08: Oclgrind, $o, n=77, wg=7" -- "$L08" -n 77 -t 7 -r 1 -o $o
done
# The pipelines write x and y chunk by chunk (clEnqueueWriteBuffer at an
# offset); Oclgrind 21.10 then reports the kernel's reads of those chunks as
# uninitialised although every value is verified: data races and API misuse
# are checked there, without --uninitialized.
for o in chunks1 chunks3; do
    run_cmd oclgrind --max-errors 5 --data-races --check-api "$L08" -n 1000 -c 3 -t 64 -r 1 -o $o
    if [ "$ST" -ne 0 ] || [ -s "$ERR" ]; then fail "08: Oclgrind, $o in 3 chunks" "status $ST or a report" "oclgrind $L08 -o $o"
    else pass "08: Oclgrind, $o in 3 chunks: no race, no API misuse"; fi
done

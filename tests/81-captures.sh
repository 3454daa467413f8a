# The committed captures (results/<device>/NN-name.txt, what the chapters
# show) have the shape of what each program prints today: a small run on
# PoCL gives the kinds of line the program prints now
# (tools/capture-kinds.awk: verified lines, the exact check's verified
# line, result: lines and their keys), and every capture must have each of
# them. When a lesson's output changes, run `make capture` (and the GPU
# capture) and this passes again.
kinds() { awk -f tools/capture-kinds.awk "$1" | sort; }
# The check must reject a capture that lacks a kind.
SHAPE_NOW=$(mktemp); SHAPE_OLD=$(mktemp)
printf 'verified device C (whole numbers): 10 values: ok\nresult: variant=naive ms=1 gflops=2\n' >"$SHAPE_NOW"
printf 'verified device C: 10 values: ok\nresult: variant=naive ms=1\n' >"$SHAPE_OLD"
expect_out 0 '^the result: key gflops$' "capture shapes: a capture without today's result: key is found" -- \
    bash -c "comm -23 <(awk -f tools/capture-kinds.awk $SHAPE_NOW | sort) <(awk -f tools/capture-kinds.awk $SHAPE_OLD | sort)"
expect_out 0 '^a verified line of the check on whole numbers$' "capture shapes: a capture without the exact check is found" -- \
    bash -c "comm -23 <(awk -f tools/capture-kinds.awk $SHAPE_NOW | sort) <(awk -f tools/capture-kinds.awk $SHAPE_OLD | sort)"
rm -f "$SHAPE_NOW" "$SHAPE_OLD"
# capture_shape NAME ARGS...: run build/NAME small on PoCL, compare kinds.
capture_shape() {
    local name=$1 cap missing now
    shift
    run_cmd "$BIN/$name" -p portable "$@"
    if [ "$ST" -ne 0 ]; then
        fail "captures of $name: today's program runs" "exit status $ST" "$BIN/$name -p portable $*"
        return
    fi
    now=$(kinds "$LOG")
    for cap in results/*/"$name".txt; do
        [ -f "$cap" ] || continue
        missing=$(comm -23 <(echo "$now") <(kinds "$cap"))
        if [ -z "$missing" ]; then
            pass "$cap has every kind of line that $name prints today"
        else
            fail "$cap has every kind of line that $name prints today" \
                 "the capture lacks $(echo "$missing" | paste -sd';' | sed 's/;/; /g'); regenerate it (make capture)" \
                 "$BIN/$name -p portable $*"
        fi
    done
}
capture_shape 01-hello-world -x 1000 -y 100
capture_shape 02-local-memory -x 1000 -y 100 -r 1
capture_shape 03-vector-types -x 1000 -y 64 -r 1
capture_shape 04-prefix-scan -n 1000 -r 1
capture_shape 09-single-pass-scan -n 1000 -r 1
capture_shape 05-matrix-multiplication -m 64 -n 64 -k 64 -r 1
capture_shape 10-gemm-to-the-limit -m 64 -n 64 -k 64 -r 1
capture_shape 06-debugging -o run
capture_shape 07-subset-sum -n 12 -k 6 -r 1
capture_shape 08-queues-overlap -n 100000 -c 4 -r 1

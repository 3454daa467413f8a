#!/usr/bin/env bash
# bench.sh -- lesson 02's benchmark, run by `make bench` with RESULTS and BIN
# set: naive, whole and tiled at work-group sizes 32..1024 (tile = the
# work-group size), the FMA peak measured in each run. Writes
# RESULTS/02-local.csv and, where Oclgrind is installed, its report on the
# wrong-barrier kernel in RESULTS/02-oclgrind.txt for the chapter.
# LOCAL_ARGS sets the sizes (default small enough for a 2-core CPU).
set -u
cd "$(dirname "$0")/../.." || exit 2
RESULTS=${RESULTS:-results/pocl} BIN=${BIN:-build}
args=${LOCAL_ARGS:--x 131072 -y 1024}
mkdir -p "$RESULTS"
csv=$RESULTS/02-local.csv
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
first=1
for wg in 32 64 128 256 512 1024; do
    echo "bench 02: $BIN/02-local-memory $args -t $wg"
    # shellcheck disable=SC2086
    if ! "$BIN/02-local-memory" $args -t $wg >"$out" 2>&1; then
        msg=$(grep -m1 '^error' "$out")
        case "$msg" in # a size this device or kernel cannot run is skipped, not a failure
        *"not possible here"*) echo "bench 02: wg $wg skipped: ${msg#error: }"; continue ;;
        esac
        echo "bench 02: wg $wg failed: $msg" >&2; status=1; continue
    fi
    if [ $first -eq 1 ]; then
        dev=$(sed -n 's/^device: *//p' "$out")
        {
            echo "# device: ${dev%% (*}"
            echo "# driver: $(echo "$dev" | sed -n 's/.*driver \(.*\))$/\1/p')"
            echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
            echo "# $args, tile = work-group size, best of 3 runs"
            echo "variant,wg,ms,gflops,pct_of_peak"
        } >"$csv"
        first=0
    fi
    # "tiled   0.093 ms   1.66 GFLOP/s   1.6% of peak ..."
    awk -v wg="$wg" '$1 ~ /^(naive|whole|tiled)$/ && $3 == "ms" {
        pct = $6; sub(/%/, "", pct); printf "%s,%s,%s,%s,%s\n", $1, wg, $2, $4, pct }' "$out" \
        | tee -a "$csv"
done
echo "bench 02: $csv"
if command -v oclgrind >/dev/null; then
    {
        echo "\$ oclgrind --uninitialized ./build/02-local-memory -x 100 -y 37 -t 64 -r 1 -o wrong-barrier"
        oclgrind --max-errors 2 --uninitialized "$BIN/02-local-memory" -x 100 -y 37 -t 64 -r 1 \
            -o wrong-barrier 2>&1 | sed "s|$PWD/||g; s|build/\.\./||g"
        echo "(exit status ${PIPESTATUS[0]})"
    } >"$RESULTS/02-oclgrind.txt"
    echo "bench 02: $RESULTS/02-oclgrind.txt"
fi
exit $status

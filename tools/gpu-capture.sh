#!/usr/bin/env bash
# gpu-capture.sh OUT [capture] [bench] -- everything the book shows from the
# NVIDIA machine, in one go: register NVIDIA's OpenCL driver, build, then
# `make capture` and/or `make bench` on the GPU into OUT/gpu, packed as
# OUT/gpu.tgz (the device tool returns at most 8 files). Unpack it into
# results/ on your own machine: tar -xzf gpu.tgz -C results/
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:?usage: gpu-capture.sh OUT [capture] [bench]}; shift
[ $# -gt 0 ] || set -- capture bench
bash tools/gpu-setup.sh || exit 2
make -j16 all >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 2; }
export CLU_PLATFORM=NVIDIA
mkdir -p "$out/gpu"
for what in "$@"; do
    case "$what" in
    capture) make capture RESULTS="$out/gpu" ;;
    bench) tools/bench.sh "$out/gpu" ;;
    *) echo "gpu-capture: unknown step '$what'" >&2; exit 2 ;;
    esac
done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu/nvidia-smi.txt"
tar -C "$out" -czf "$out/gpu.tgz" gpu && rm -rf "$out/gpu"
echo "gpu-capture: $out/gpu.tgz"

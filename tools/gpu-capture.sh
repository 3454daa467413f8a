#!/usr/bin/env bash
# gpu-capture.sh OUT -- everything the book shows from the NVIDIA machine, in
# one go: register NVIDIA's OpenCL driver, build, capture every lesson's
# output (as make capture does, lesson 06's tool runs included), lesson 03's
# work-group sweep, and pack them as OUT/gpu.tgz (the device tool returns at most
# 8 files). Unpack into results/gpu/ on your own machine.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:?usage: gpu-capture.sh OUT}
bash tools/gpu-setup.sh || exit 2
make -j16 all >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 2; }
export CLU_PLATFORM=NVIDIA
mkdir -p "$out/gpu"
lessons=$(ls -d lessons/[0-9][0-9]-*/ | xargs -n1 basename)
# shellcheck disable=SC2086
tools/capture.sh "$out/gpu" $lessons
SWEEP_ARGS="-x 16777216 -y 4096" RESULTS="$out/gpu" lessons/03-vector-types/bench.sh >/dev/null
tail -n 12 "$out/gpu/03-sweep.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu/nvidia-smi.txt"
tar -C "$out" -czf "$out/gpu.tgz" gpu && rm -rf "$out/gpu"
echo "gpu-capture: $out/gpu.tgz"

#!/usr/bin/env bash
# build.sh -- set up NVIDIA OpenCL (as tools/gpu-setup.sh) and build the harness
cd "$(dirname "$0")" || exit 2
lib=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$lib" ] && ! grep -qs "$lib" /etc/OpenCL/vendors/*.icd; then
    mkdir -p /etc/OpenCL/vendors && echo "$lib" >/etc/OpenCL/vendors/nvidia.icd
fi
gcc -O2 -o perf perf.c -lOpenCL -lm 2>/dev/null ||
    gcc -O2 -I/usr/local/cuda/include -o perf perf.c -L/usr/local/cuda/lib64 -lOpenCL -lm || exit 2

#!/usr/bin/env bash
# gpu-setup.sh -- on the course's GPU machine (NVIDIA, driver library present
# but not registered): register NVIDIA's OpenCL driver with the ICD loader.
# The same fix `make doctor` prints. Needs root; does nothing when done.
set -u
lib=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
[ -e "$lib" ] || { echo "gpu-setup: no $lib here" >&2; exit 2; }
grep -qs "$lib" /etc/OpenCL/vendors/*.icd && exit 0
mkdir -p /etc/OpenCL/vendors && echo "$lib" >/etc/OpenCL/vendors/nvidia.icd
echo "gpu-setup: wrote /etc/OpenCL/vendors/nvidia.icd -> $lib"

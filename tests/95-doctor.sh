# make doctor: finds the devices; with none, says why and how to fix it.
expect_out 0 'device\(s\) found' "doctor: finds this machine's device" -- tools/doctor.sh
EMPTY=$(mktemp -d)
expect_out 2 'no \.icd file' "doctor: no registered driver is a problem" -- env OCL_ICD_VENDORS="$EMPTY" tools/doctor.sh
expect_out 2 'apt-get install pocl-opencl-icd' "doctor: says how to install a platform" -- \
    env OCL_ICD_VENDORS="$EMPTY" tools/doctor.sh
FAKE=$(mktemp -d)
: >"$FAKE/libnvidia-opencl.so.1"
expect_out 2 "echo $FAKE/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia-opencl.icd" \
    "doctor: an unregistered NVIDIA library gets the fix" -- \
    env OCL_ICD_VENDORS="$EMPTY" DOCTOR_LIB_DIRS="$FAKE" tools/doctor.sh
rm -rf "$EMPTY" "$FAKE"

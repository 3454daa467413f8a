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
# Mesa's platforms: rusticl shows no device until RUSTICL_ENABLE names a
# driver, Clover none without an AMD GPU; neither is "no device" while
# another platform has one.
if grep -qsi rusticl /etc/OpenCL/vendors/*.icd; then
    MESA=$(mktemp -d) BOTH=$(mktemp -d)
    grep -lsi -e rusticl -e MesaOpenCL /etc/OpenCL/vendors/*.icd | xargs -I{} cp {} "$MESA/"
    cp "$MESA"/*.icd "$BOTH/" && grep -lsi pocl /etc/OpenCL/vendors/*.icd | xargs -I{} cp {} "$BOTH/"
    expect_out 2 'RUSTICL_ENABLE=llvmpipe' "doctor: rusticl without a device: says RUSTICL_ENABLE=llvmpipe" -- \
        env -u RUSTICL_ENABLE OCL_ICD_VENDORS="$MESA" tools/doctor.sh
    expect_out 2 'apt-get install intel-opencl-icd' "doctor: names Intel's Debian package" -- \
        env -u RUSTICL_ENABLE OCL_ICD_VENDORS="$MESA" tools/doctor.sh
    expect_out 2 'apt-get install mesa-opencl-icd' "doctor: names Mesa's Debian package for AMD" -- \
        env -u RUSTICL_ENABLE OCL_ICD_VENDORS="$MESA" tools/doctor.sh
    expect_out 0 'device\(s\) found' "doctor: rusticl with RUSTICL_ENABLE=llvmpipe has a device" -- \
        env RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS="$MESA" tools/doctor.sh
    run_cmd env -u RUSTICL_ENABLE OCL_ICD_VENDORS="$BOTH" tools/doctor.sh
    if [ "$ST" -eq 0 ] && grep -q 'device(s) found' "$LOG" && ! grep -q 'no OpenCL device found' "$LOG"; then
        pass "doctor: Mesa's empty platforms beside PoCL are no 'no device'"
    else fail "doctor: Mesa's empty platforms beside PoCL are no 'no device'" "exit $ST" "OCL_ICD_VENDORS=$BOTH tools/doctor.sh"; fi
    rm -rf "$MESA" "$BOTH"
else
    fail "doctor: Mesa's platforms" "no rusticl ICD registered" "make deps-test (mesa-opencl-icd)"
fi

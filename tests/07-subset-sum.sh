# Lesson 07: subset sum. Every variant against the C search (itself checked
# against all 2^n subsets while n <= 22) at edge sizes, broken kernels that
# must fail, Oclgrind at odd sizes.
L07=$PWD/$BIN/07-subset-sum

# Edge sizes: n = 1, 2, a work-group's worth around 8, a prime, 2^k - 1,
# 2^k + 1; k from 0 (one work-item) to n (every work-item a leaf); work-group
# sizes 1, 8 (PoCL's SIMD width) and 64. -a 40: small items, many subsets hit.
for case in "1 0 1" "2 1 8" "7 3 8" "8 8 64" "9 4 64" "13 5 8" "15 15 1" "17 6 64"; do
    read -r n k wg <<<"$case"
    expect_out 0 'verified mitm +\(worst case\).*: ok' "07: n=$n k=$k wg=$wg, every variant" -- \
        "$L07" -n "$n" -k "$k" -t "$wg" -a 40 -r 1 -b 5
done
expect_check_only "07: -r 0 checks every variant and times nothing" "times: not measured (-r 0)" -- "$L07" -n 20 -k 8 -r 0
expect_out 0 'verified hybrid +\(random case\).*: ok' "07: hybrid with L larger than n - k" -- \
    "$L07" -n 10 -k 4 -l 20 -o hybrid -r 1
expect_out 0 'verified rounds +\(random case\).*: ok' "07: rounds of one node each" -- \
    "$L07" -n 14 -k 3 -b 1 -a 30 -o rounds -r 1
expect_out 0 'verified serial \(random case\) against all 2\^22 subsets: [1-9]' \
    "07: the C search itself, against every subset (n=22)" -- "$L07" -n 22 -k 10 -a 200 -o dfs -r 1
expect_out 0 'result: variant=bits .* lanes=1\.0000' "07: bits keeps every lane busy" -- \
    "$L07" -n 16 -k 8 -o bits -c worst -r 1
expect_out 0 'result: variant=dfs case=random .* lanes=0\.[0-8]' "07: dfs diverges in the random case" -- \
    "$L07" -n 20 -k 10 -o dfs -c random -r 1
expect_out 0 'verified dfs' "07: runs from another directory" -- bash -c "cd / && '$L07' -n 12 -k 4 -o dfs -r 1"

# Broken kernels must fail, natively at n = 22 (the C search checked against
# all 2^22 subsets in the same run) with many subsets on target (-a 300).
BADK=$(mktemp -d)
mutant() { # mutant NAME VARIANT SED-EXPRESSION [OPTIONS]
    local k=${4:--k 10}
    sed "$3" kernels/07-subset-sum.cl >"$BADK/07-subset-sum.cl"
    if cmp -s kernels/07-subset-sum.cl "$BADK/07-subset-sum.cl"; then
        fail "07: mutant $1" "the sed expression changed nothing" "sed '$3'"; return
    fi
    expect_out 1 "verified $2 .*FAILED" "07: broken kernel fails: $1" -- \
        env CLU_KERNEL_DIR="$BADK" "$L07" -n 22 $k -a 300 -b 64 -o "$2" -r 1
}
mutant "write zero" dfs 's/count\[g\] = found;/count[g] = 0;/'
mutant "skip the last subtree (the tail)" dfs 's/if (g >> k) return;/if ((g + 1) >> k) return;/'
mutant "a bound off by one prunes a hit" dfs 's/target <= s + hi\[d\]/target < s + hi[d]/'
mutant "forget to take an item out when backtracking" dfs '0,/s -= a\[d\];/s///'
mutant "Gray code drops its last step" bits 's/j < (1u << L); j++/j + 1 < (1u << L); j++/' '-k 16'
mutant "Gray code adds where it should subtract" hybrid 's/? v : -v;/? v : v;/'
mutant "rounds lose the node they stand on" rounds 's/out\[atomic_inc(count_out)\] = ((ulong)d << 56) | path;//'
mutant "rounds lose the branches above" rounds 's/| path | ((ulong)1 << j);/| path;/'
mutant "half sums drop the last item" mitm 's/for (int i = 0; i < m; i++)/for (int i = 0; i + 1 < m; i++)/'
mutant "binary search starts a level too low" mitm 's/step = pow2 >> 1;/step = pow2 >> 2;/'
# A kernel that counts nothing: the worst case has subsets to count too (the
# odd item and one pile of the even ones), so it fails there in every mode.
sed -e 's/count\[g\] = found;/count[g] = 0;/' \
    -e 's/count\[g\] = gray_count(a, k, n - k, path_sum(a, g, k), target);/count[g] = 0;/' \
    -e 's/count\[j\] = le - lt;/count[j] = 0;/' kernels/07-subset-sum.cl >"$BADK/07-subset-sum.cl"
for o in dfs bits mitm rounds; do
    expect_out 1 "verified $o .*\(worst case\).*FAILED" "07: a kernel that counts nothing fails the worst case ($o)" -- \
        env CLU_KERNEL_DIR="$BADK" "$L07" -c worst -r 1 -o "$o"
done
expect_out 1 "verified mitm .*\(worst case\).*FAILED" "07: ... and at n = 30 (mitm)" -- \
    env CLU_KERNEL_DIR="$BADK" "$L07" -n 30 -c worst -r 1 -o mitm
mutant "dfs adds the wrong item when it takes a branch" dfs 's/        s += a\[d - 1\];/        s += a[d];/'
mutant "mitm's last probe left out" mitm 's/le += (sorted\[le\] <= want) ? 1 : 0;//'
rm -rf "$BADK"
# The OpenMP variants (omp in main.c, ompmitm in alternatives.c) are checked like the kernels; broken
# ones, built as the Makefile builds the lesson, must fail.
if "$L07" -n 4 -r 1 -o dfs | grep -q '[1-9][0-9]* OpenMP threads'; then
    expect_out 0 'verified ompmitm \(worst case\).*: ok' "07: ompmitm verified (n=23, odd halves)" -- \
        "$L07" -n 23 -k 8 -a 300 -o ompmitm -r 1
    BADC=$(mktemp -d)
    omp_mutant7() { # omp_mutant7 NAME VARIANT SED FILE
        build_host_mutant 07-subset-sum "lessons/07-subset-sum/$4" "$3" "$BADC/07" || return
        expect_out 1 "verified $2 .*FAILED" "07: broken OpenMP fails: $1" -- "$BADC/07" -n 22 -k 10 -a 300 -o "$2" -r 1
    }
    omp_mutant7 "omp skips the last subtree" omp 's/for (long g = 0; g < subtrees; g++)/for (long g = 0; g < subtrees - 1; g++)/' main.c
    omp_mutant7 "ompmitm's half sums drop the last item" ompmitm 's/for (int i = 0; i < m; i++) s +=/for (int i = 0; i + 1 < m; i++) s +=/' alternatives.c
    omp_mutant7 "ompmitm's last probe left out" ompmitm 's/le += s2\[le\] <= want ? 1 : 0;//' alternatives.c
    omp_mutant7 "ompmitm sorts half of the second half" ompmitm 's/qsort(s2, (size_t)n2,/qsort(s2, (size_t)n2 \/ 2,/' alternatives.c
    rm -rf "$BADC"
else
    pass "07: OpenMP variants skipped: this build has no OpenMP"
fi
expect_out 0 'worst case: target -?[0-9]+, [1-9][0-9]* subsets hit it' "07: the worst case has subsets to count" -- \
    "$L07" -c worst -r 1 -o mitm

# Oclgrind at odd sizes and work-group sizes: no race, no uninitialised read,
# no access out of bounds, in any kernel.
expect_clean_oclgrind "07: Oclgrind, n=7 k=3 wg=3" -- "$L07" -n 7 -k 3 -t 3 -a 20 -b 3 -r 1
expect_clean_oclgrind "07: Oclgrind, n=11 k=5 wg=7" -- "$L07" -n 11 -k 5 -t 7 -l 3 -b 9 -r 1

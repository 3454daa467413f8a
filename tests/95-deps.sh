# tools/deps.sh: a package manager busy elsewhere (its lock held) is named
# in one line that says to wait, not hidden behind "could not be installed".
# A PATH with no compiler makes gcc "missing"; a stand-in apt-get answers as
# apt does while another apt holds the lock.
FAKEBIN=$(mktemp -d)
for t in bash sh env grep awk tr printf mktemp tail rm id cat ls dpkg-query ldconfig sed; do
    p=$(command -v "$t") && ln -s "$p" "$FAKEBIN/$t"
done
cat >"$FAKEBIN/apt-get" <<'APT'
#!/bin/sh
echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)" >&2
echo "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?" >&2
exit 100
APT
chmod +x "$FAKEBIN/apt-get"
expect_out 1 '^deps: apt-get update failed: another apt or dpkg held its lock for 1 s; wait for it to end, then make again$' \
    "deps: a held apt lock is named, with what to do" -- env PATH="$FAKEBIN" DEPS_LOCK_WAIT=1 bash tools/deps.sh run
if [ "$(grep -c . "$ERR")" -eq 1 ]; then pass "deps: ... in one line"
else fail "deps: a held apt lock in one line" "$(grep -c . "$ERR") lines on stderr" "tools/deps.sh run"; fi
# Any other failure still shows apt's own last lines.
printf '#!/bin/sh\necho "E: Unable to locate package gcc" >&2\nexit 100\n' >"$FAKEBIN/apt-get"
expect_out 1 'Unable to locate package gcc' "deps: another apt failure shows apt's own words" -- \
    env PATH="$FAKEBIN" DEPS_LOCK_WAIT=1 bash tools/deps.sh run
rm -rf "$FAKEBIN"

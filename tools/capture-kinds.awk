# capture-kinds.awk FILE -- the kinds of line a lesson's output has, one per
# line (sort them): a `verified` line; a `verified` line of the exact check
# on whole numbers; a `result:` line; each key of the `result:` lines.
# tests/81-captures.sh compares today's output with the committed captures.
/^verified/ { k["a verified line"] = 1 }
/^verified/ && /whole numbers/ { k["a verified line of the check on whole numbers"] = 1 }
/^result:/ {
    k["a result: line"] = 1
    for (i = 2; i <= NF; i++) if (split($i, kv, "=") == 2) k["the result: key " kv[1]] = 1
}
END { for (x in k) print x }

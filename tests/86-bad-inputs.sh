# Every row of tests/bad-inputs.txt: the exit status and the message.
export L01="$PWD/$BIN/01-hello-world" L02="$PWD/$BIN/02-local-memory" L03="$PWD/$BIN/03-vector-types" L04="$PWD/$BIN/04-prefix-scan" L05="$PWD/$BIN/05-matrix-multiplication" L06="$PWD/$BIN/06-debugging"
export L09="$PWD/$BIN/09-single-pass-scan"
while IFS= read -r row; do
    case "$row" in ''|'#'*) continue ;; esac
    what=$(echo "$row" | awk -F ' [|] ' '{print $1}' | sed 's/ *$//')
    cmd=$(echo "$row" | awk -F ' [|] ' '{print $2}' | sed 's/ *$//')
    want=$(echo "$row" | awk -F ' [|] ' '{print $3}' | tr -d ' ')
    re=$(echo "$row" | awk -F ' [|] ' '{print $4}')
    TMP=$(mktemp -d)
    export TMP
    expect_out "$want" "$re" "bad input: $what" -- bash -c "$cmd"
    if grep -Eiq 'segmentation|core dumped|Aborted' "$ERR"; then fail "bad input: $what" "crashed" "$cmd"; fi
    rm -rf "$TMP"
done <tests/bad-inputs.txt

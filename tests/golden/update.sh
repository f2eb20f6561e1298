#!/usr/bin/env bash
# Rewrites the expectation of golden tests from the current `provix` binary:
#   tests/golden/update.sh BUILD_DIR [NAME...]     (default: every NAME.in)
# It never runs from ctest. Review `git diff tests/golden` line by line: an
# expectation must be what the CORRECT program prints, not what it prints now.
set -euo pipefail
build="${1:?usage: update.sh BUILD_DIR [NAME...]}"
shift
provix="$(cd "$build" && pwd)/provix"
cd "$(dirname "${BASH_SOURCE[0]}")"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in *.in; do names+=("${f%.in}"); done
fi
for name in "${names[@]}"; do
    args=(simplify)
    if [ -f "$name.args" ]; then mapfile -t args <"$name.args"; fi
    set +e
    "$provix" "${args[@]}" "$name.in" >"$name.out.new" 2>"$name.err.new"
    rc=$?
    set -e
    expected_rc=0
    if [ -f "$name.exit" ]; then expected_rc="$(head -n1 "$name.exit")"; fi
    if [ $rc -eq "$expected_rc" ] && [ $rc -ne 2 ]; then
        mv "$name.out.new" "$name.out"; rm -f "$name.err.new" "$name.err"
    elif [ $rc -eq 2 ]; then
        mv "$name.err.new" "$name.err"; rm -f "$name.out.new" "$name.out"
    else
        echo "update.sh: $name: exit $rc, not updated" >&2
        rm -f "$name.out.new" "$name.err.new"
    fi
done
echo "updated ${#names[@]} golden file(s); review with: git diff tests/golden"

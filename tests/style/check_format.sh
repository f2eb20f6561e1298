#!/usr/bin/env bash
# Fails when a C++ file of the repository is not clang-format clean (the
# root .clang-format). Lists the offending files and the first differences.
#   check_format.sh CLANG_FORMAT SOURCE_DIR
# The files are the ones git tracks (*.cpp, *.h, *.cc, *.hpp); outside a git
# checkout, every such file under SOURCE_DIR except build directories.
set -euo pipefail
clang_format="$1"
root="$2"
cd "$root"

files=()
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    while IFS= read -r -d '' f; do
        [ -f "$f" ] && files+=("$f")
    done < <(git ls-files -z -- '*.cpp' '*.h' '*.cc' '*.hpp')
else
    while IFS= read -r -d '' f; do
        files+=("${f#./}")
    done < <(find . \( -path './build*' -o -path './.git' \) -prune -o \
                  -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.cc' -o -name '*.hpp' \) \
                  -print0 | sort -z)
fi

if [ ${#files[@]} -eq 0 ]; then
    echo "check_format: no C++ files found under $root" >&2
    exit 1
fi

# One batched run: clang-format prints `FILE:LINE:COL: error: code should be
# clang-formatted` for every difference.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
printf '%s\0' "${files[@]}" | xargs -0 "$clang_format" --dry-run -Werror >"$log" 2>&1 || status=$?

if [ "$status" -ne 0 ]; then
    bad="$(grep -oE '^[^:]+:[0-9]+:[0-9]+: error' "$log" | cut -d: -f1 | sort -u || true)"
    if [ -z "$bad" ]; then
        echo "check_format: $clang_format failed:"
        cat "$log"
        exit 1
    fi
    echo "check_format: $(echo "$bad" | wc -l) of ${#files[@]} files are not clang-format clean:"
    echo "$bad" | sed 's/^/  /'
    echo "first differences (fix with: $clang_format -i FILE):"
    head -20 "$log"
    exit 1
fi
echo "check_format: ${#files[@]} files clean"

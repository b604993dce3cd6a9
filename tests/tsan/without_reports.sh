#!/usr/bin/env bash
# without_reports.sh DIR COMMAND...: runs COMMAND with ThreadSanitizer's reports written to
# files in DIR (for processes whose stderr nobody reads, such as the dtb serve that
# server_soak.py starts) and fails, printing them, when there is any.
set -euo pipefail
dir=$1
shift
rm -rf "$dir"
mkdir -p "$dir"
rc=0
TSAN_OPTIONS="${TSAN_OPTIONS:-} log_path=$dir/report" "$@" || rc=$?
if compgen -G "$dir/report.*" >/dev/null; then
    cat "$dir"/report.*
    echo "ThreadSanitizer reported (above; files in $dir)" >&2
    exit 1
fi
exit "$rc"

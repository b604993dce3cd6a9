#!/usr/bin/env bash
# The ThreadSanitizer run of scripts/sanitize.sh (kept for the command docs name).
exec "$(dirname "$0")/sanitize.sh" tsan "$@"

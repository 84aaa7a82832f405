#!/usr/bin/env bash
# Runs one phase of `make test` and keeps how long it took: `phase.sh NAME COMMAND...`.
# `phase.sh --start` begins a new run's record, `phase.sh --summary` prints it as a table.
# A phase that fails prints the table so far, so a red run still says where the time went.
set -uo pipefail
record=target/phases.txt
mkdir -p target
summary() {
  echo
  echo "make test, phase by phase:"
  awk '{ printf "  %-8s %6d s  %5.1f min\n", $1, $2, $2 / 60; total += $2 }
       END { printf "  %-8s %6d s  %5.1f min\n", "total", total, total / 60 }' "$record"
}
case "${1:-}" in
  --start) : > "$record"; exit 0 ;;
  --summary) summary; exit 0 ;;
esac
name=$1
shift
start=$(date +%s)
echo "== $name: $*"
"$@"
status=$?
echo "$name $(( $(date +%s) - start ))" >> "$record"
if [ $status -ne 0 ]; then
  summary
  echo "phase '$name' failed (exit $status)"
fi
exit $status

#!/usr/bin/env bash
# schemathesis (pinned in tests/api/requirements.txt) against a real `slide serve`'s own
# description (/api/openapi.json): no answer may be a server error, and every answer must be as
# the description says. Once on SQLite, and once on PostgreSQL when SLIDE_TEST_POSTGRES names
# one (tests/tools/with-postgres.sh starts it; `make test-api` runs both). The server's limits
# are raised so that the generated requests explore the API rather than meet 429 at once; it
# must stop on SIGTERM with status 0 afterwards.
#
#   tests/tools/with-postgres.sh tests/api/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
slide=${SLIDE_BIN:-target/fast-build/slide}
st=tests/api/.venv/bin/st
work=$(mktemp -d /tmp/slide-schemathesis.XXXXXX)
trap 'rm -rf "$work"' EXIT

run() {
  local database=$1
  "$slide" serve --port 0 --site /nonexistent --database "$database" \
    --players-per-minute 60000 --requests-per-second 100000 >"$work/out" 2>"$work/log" &
  local pid=$!
  local url=""
  for _ in $(seq 100); do
    url=$(sed -n 's/^listening on //p' "$work/out")
    [[ -n $url ]] && break
    sleep 0.1
  done
  [[ -n $url ]] || { cat "$work/log" >&2; echo "slide serve did not start" >&2; exit 1; }
  local key
  key=$(curl -sf -X POST "$url/api/players" -H 'content-type: application/json' -d '{"name":"schemathesis"}' \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["key"])')
  echo "== schemathesis on ${database%%:*} ($url)"
  local status=0
  # Deleting the player spends the key: it goes last, alone.
  for pass in --exclude-operation-id --include-operation-id; do
    "$st" run "$url/api/openapi.json" --checks not_a_server_error,response_schema_conformance \
      -n 30 --seed 1 -H "Authorization: Bearer $key" --no-color "$pass" delete_player || status=$?
  done
  kill -TERM "$pid"
  local exited=0
  wait "$pid" || exited=$?
  if ((exited != 0)); then
    echo "slide serve exited $exited on SIGTERM" >&2
    status=1
  fi
  if grep -q ' 5[0-9][0-9] ' "$work/log"; then
    echo "slide serve answered with a server error:" >&2
    grep ' 5[0-9][0-9] ' "$work/log" | head >&2
    status=1
  fi
  return $status
}

run "sqlite:$work/slide.sqlite"
if [[ -n ${SLIDE_TEST_POSTGRES:-} ]]; then
  run "$SLIDE_TEST_POSTGRES"
fi

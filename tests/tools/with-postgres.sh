#!/usr/bin/env bash
# Runs a command beside a PostgreSQL 15 of its own: a fresh cluster in a temporary folder, on a
# free port of 127.0.0.1, its socket in that folder, stopped and removed when the command ends
# (whatever its end). The command finds it in SLIDE_TEST_POSTGRES
# (postgres://slide@127.0.0.1:PORT/slide; the role `slide` may make databases).
#
#   tests/tools/with-postgres.sh cargo test --test server
#
# PostgreSQL comes from Debian's postgresql-15 (`make postgres` installs it where missing). As
# root the cluster is run by the `postgres` user, as PostgreSQL insists; otherwise by whoever runs
# this.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
if [[ ! -x $bin/postgres ]]; then
  echo "with-postgres: no PostgreSQL 15 at $bin: make postgres installs it" >&2
  exit 2
fi
dir=$(mktemp -d /tmp/slide-postgres.XXXXXX)
as=()
if [[ $(id -u) == 0 ]]; then
  chown postgres: "$dir"
  as=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
"${as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U slide >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null \
  || { cat "$dir/log" >&2; exit 1; }
"$bin/createdb" -h 127.0.0.1 -p "$port" -U slide slide
export SLIDE_TEST_POSTGRES="postgres://slide@127.0.0.1:$port/slide"
"$@"

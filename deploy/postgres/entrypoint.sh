#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD (scram-sha-256 over TCP) and POSTGRES_DB.
set -eu
data=/var/lib/postgresql/data
user=${POSTGRES_USER:-postgres}
if [ ! -s "$data/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --pgdata="$data" --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  echo "listen_addresses = '*'" >> "$data/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$data/pg_hba.conf"
  database=${POSTGRES_DB:-$user}
  if [ "$database" != postgres ]; then
    pg_ctl --pgdata="$data" --options="-c listen_addresses='' -k /tmp" --wait start >/dev/null
    createdb --host=/tmp --username="$user" "$database"
    pg_ctl --pgdata="$data" --mode=fast --wait stop >/dev/null
  fi
fi
exec postgres -D "$data" -k /tmp

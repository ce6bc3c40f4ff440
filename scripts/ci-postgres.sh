#!/bin/sh
# Installs (Debian `postgresql`, if missing), starts a throw-away PostgreSQL server on 127.0.0.1 and
# prints its DATABASE_URL as the last line of stdout; everything else goes to stderr.
# Runs as root (as CI does) or as any user that can run the server binaries.
#   PGPORT (default 54329)  PGDATA_DIR (default /tmp/moyan-ci-postgres)  PGDB (default moyan)
# The role can create databases, so the API tests' TEST_DATABASE_URL may point at it as well, and may replicate
# (initdb's pg_hba.conf takes replication connections from 127.0.0.1), so a test can start a streaming replica of it
# (server/services/library/replica.pg.test.ts).
# Stop it with: pg_ctl -D "$PGDATA_DIR/data" stop (as the same user that started it).
set -eu

port="${PGPORT:-54329}"
base="${PGDATA_DIR:-/tmp/moyan-ci-postgres}"
db="${PGDB:-moyan}"
password="moyan-ci"

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed and installing it needs root" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"

# The server refuses to run as root; run it as the postgres user then.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$base" postgres
  run() { su postgres -s /bin/sh -c "$*"; }
else
  run() { sh -c "$*"; }
fi

mkdir -p "$base"
[ "$(id -u)" -eq 0 ] && chown postgres "$base"

if [ ! -f "$base/data/PG_VERSION" ]; then
  run "printf '%s\n' '$password' > '$base/pwfile'"
  run "'$bin/initdb' -D '$base/data' -U postgres --auth=scram-sha-256 --pwfile='$base/pwfile' -E UTF8 --locale=C.UTF-8" >&2
fi

if ! run "'$bin/pg_ctl' -D '$base/data' status" >/dev/null 2>&1; then
  run "'$bin/pg_ctl' -D '$base/data' -l '$base/server.log' -w -o \"-h 127.0.0.1 -p $port -k '$base'\" start" >&2
fi

export PGPASSWORD="$password"
psql() { "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql -d postgres -c "select 1 from pg_roles where rolname = 'moyan'")" != "1" ]; then
  psql -d postgres -c "create role moyan login createdb replication password '$password'" >&2
elif [ "$(psql -d postgres -c "select rolreplication from pg_roles where rolname = 'moyan'")" != "t" ]; then
  psql -d postgres -c "alter role moyan replication" >&2
fi
if [ "$(psql -d postgres -c "select 1 from pg_database where datname = '$db'")" != "1" ]; then
  psql -d postgres -c "create database $db owner moyan" >&2
fi

echo "postgres://moyan:$password@127.0.0.1:$port/$db"

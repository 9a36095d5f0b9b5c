#!/usr/bin/env bash
# Starts a PostgreSQL server on 127.0.0.1:5432 for the side-effect tests (Debian's package), with
# password auth for the postgres user. Idempotent: safe to run when it is already installed or up.
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster _ < <(pg_lsclusters --no-header | head -n 1)
if [ -z "${version:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  cluster=main
  pg_createcluster "$version" "$cluster" >/dev/null
fi
pg_ctlcluster "$version" "$cluster" start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && break
  sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'toolscore'\"" >/dev/null
echo "postgres://postgres:toolscore@127.0.0.1:5432/postgres"

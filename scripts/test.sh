#!/usr/bin/env bash
# Run the whole test suite. Installs Chromium (Debian) when missing and we are root,
# and starts a throwaway PostgreSQL when its binaries are here, so the server tests
# run on both SQLite and PostgreSQL. Used by `make test` and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${VENV:-.venv}/bin

if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing chromium (Debian package) for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "${DOMINO_TEST_POSTGRES_URL:-}" ] && [ -z "$PG_BIN" ] && [ "$(id -u)" = 0 ] \
   && command -v apt-get >/dev/null; then
  echo "== installing postgresql (Debian package)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "${DOMINO_TEST_POSTGRES_URL:-}" ] && [ -n "$PG_BIN" ] && id postgres >/dev/null 2>&1; then
  PGD=$(mktemp -d)
  chown postgres "$PGD"
  su postgres -c "$PG_BIN/initdb -D $PGD/data -U postgres --auth=trust -E UTF8 >$PGD/initdb.log"
  su postgres -c "$PG_BIN/pg_ctl -D $PGD/data -o '-p 55432 -k $PGD -c listen_addresses=127.0.0.1' -l $PGD/pg.log -w start" >/dev/null
  trap 'su postgres -c "$PG_BIN/pg_ctl -D $PGD/data -m fast -w stop" >/dev/null 2>&1 || true' EXIT
  su postgres -c "$PG_BIN/createdb -h 127.0.0.1 -p 55432 -U postgres domino_test"
  export DOMINO_TEST_POSTGRES_URL="postgresql+asyncpg://postgres@127.0.0.1:55432/domino_test"
  echo "== PostgreSQL test server on 127.0.0.1:55432"
fi

echo "== ruff";  "$BIN/ruff" check src tests benchmarks
echo "== mypy";  "$BIN/mypy"
if command -v node >/dev/null && [ -d tests/web/unit ]; then
  echo "== node --test (web client logic)"
  node --test tests/web/unit/
fi
echo "== pytest"
"$BIN/pytest" -q "$@"

#!/usr/bin/env bash
# Run the whole test suite: lint, types, the JS client's unit tests (node), and pytest
# (unit, property, integration on SQLite and PostgreSQL, browser tests in Chromium).
# Used by `make test` and by .ci/run.
#
# It needs node, Chromium, PostgreSQL and HAProxy. As root on Debian it installs the
# missing ones (apt-get); otherwise it stops and says what is missing. To run without
# some, list them in DOMINO_TEST_SKIP (comma separated): browser, postgres, js, cluster.
# The run then says what it skipped. Own installs: CHROMIUM_PATH (a Chromium binary),
# DOMINO_TEST_POSTGRES_URL (postgresql+asyncpg://user@host:port/db, a server where the
# tests may create databases), HAPROXY (an haproxy binary). DOMINO_TEST_NO_INSTALL=1:
# check, never install.
#
# Without DOMINO_TEST_POSTGRES_URL a throwaway PostgreSQL cluster is started on a free
# loopback port and deleted at exit. Exported for the tests: DOMINO_TEST_POSTGRES_URL,
# DOMINO_TEST_PG_BIN (the PostgreSQL binaries), DOMINO_TEST_HAPROXY, CHROMIUM_PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${VENV:-.venv}/bin

SKIP=",${DOMINO_TEST_SKIP:-},"
SKIP=${SKIP// /}
for name in $(echo "$SKIP" | tr ',' ' '); do
  case "$name" in browser|postgres|js|cluster) ;;
    *) echo "DOMINO_TEST_SKIP: unknown name '$name' (known: browser,postgres,js,cluster)" >&2
       exit 2 ;;
  esac
done
skipping() { [[ "$SKIP" == *",$1,"* ]]; }
ROOT_APT=no  # DOMINO_TEST_NO_INSTALL=1: never install, only check
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && [ -z "${DOMINO_TEST_NO_INSTALL:-}" ]; then
  ROOT_APT=yes
fi

export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true; }
haproxy_bin() { echo "${HAPROXY:-$(command -v haproxy || ls /usr/sbin/haproxy 2>/dev/null || true)}"; }

# what is missing: "skip-name|debian-package|what to say"
missing() {
  if ! skipping js && ! command -v node >/dev/null; then echo "js|nodejs|node (the JS client's unit tests)"; fi
  if ! skipping browser && ! command -v npm >/dev/null; then
    echo "browser|npm|npm (installs axe-core for the accessibility tests: npm ci --prefix tests/web)"
  fi
  if ! skipping browser && [ ! -x "$CHROMIUM_PATH" ]; then
    echo "browser|chromium|Chromium at $CHROMIUM_PATH (the browser tests; or set CHROMIUM_PATH)"
  fi
  if ! skipping postgres && [ -z "${DOMINO_TEST_POSTGRES_URL:-}" ] && [ -z "$(pg_bin)" ]; then
    echo "postgres|postgresql|PostgreSQL (the server tests on PostgreSQL; or set DOMINO_TEST_POSTGRES_URL)"
  fi
  if ! skipping cluster && [ -z "$(haproxy_bin)" ]; then
    echo "cluster|haproxy|HAProxy (the cluster tests; or set HAPROXY)"
  fi
  if ! skipping cluster && [ -z "${DOMINO_TEST_POSTGRES_URL:-}" ] && [ -z "$(pg_bin)" ]; then
    echo "cluster|postgresql|PostgreSQL (the cluster tests)"
  fi
}

MISSING=$(missing)
if [ -n "$MISSING" ] && [ "$ROOT_APT" = yes ]; then
  PKGS=$(echo "$MISSING" | cut -d'|' -f2 | sort -u | tr '\n' ' ')
  echo "== installing (Debian packages): $PKGS"
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PKGS >/dev/null
  MISSING=$(missing)
fi
if [ -n "$MISSING" ]; then
  {
    echo "make test cannot run the whole suite; missing:"
    echo "$MISSING" | cut -d'|' -f3 | sed 's/^/  - /'
    if [ "$ROOT_APT" = no ]; then
      echo "Not root (or no apt-get), so they cannot be installed here: install them"
      echo "(Debian: apt-get install $(echo "$MISSING" | cut -d'|' -f2 | sort -u | tr '\n' ' '))"
    fi
    echo "or opt out: DOMINO_TEST_SKIP=$(echo "$MISSING" | cut -d'|' -f1 | sort -u | paste -sd,) make test"
  } >&2
  exit 1
fi

SKIPPED=$(echo "$SKIP" | tr ',' ' ' | xargs)
report_skips() {
  if [ -n "$SKIPPED" ]; then
    echo "== NOT RUN (DOMINO_TEST_SKIP): $SKIPPED" >&2
  fi
}

PGD=""
cleanup() {
  if [ -n "$PGD" ]; then
    if [ "$(id -u)" = 0 ]; then
      su postgres -c "$DOMINO_TEST_PG_BIN/pg_ctl -D $PGD/data -m fast -w stop" >/dev/null 2>&1 || true
    else
      "$DOMINO_TEST_PG_BIN/pg_ctl" -D "$PGD/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$PGD"
  fi
  report_skips
}
trap cleanup EXIT

if [ -n "$(pg_bin)" ]; then export DOMINO_TEST_PG_BIN=${DOMINO_TEST_PG_BIN:-$(pg_bin)}; fi
if [ -n "$(haproxy_bin)" ]; then export DOMINO_TEST_HAPROXY=$(haproxy_bin); fi
needs_pg=no
if ! skipping postgres || ! skipping cluster; then needs_pg=yes; fi
if [ "$needs_pg" = yes ] && [ -z "${DOMINO_TEST_POSTGRES_URL:-}" ]; then
  PGD=$(mktemp -d /tmp/domino-test-pg.XXXXXX)
  PORT=$("$BIN/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  run_pg() { "$@"; }
  if [ "$(id -u)" = 0 ]; then  # initdb refuses to run as root
    chown postgres "$PGD"
    run_pg() { su postgres -c "$(printf '%q ' "$@")"; }
  fi
  run_pg "$DOMINO_TEST_PG_BIN/initdb" -D "$PGD/data" -U postgres --auth=trust -E UTF8 >"$PGD/initdb.log"
  run_pg "$DOMINO_TEST_PG_BIN/pg_ctl" -D "$PGD/data" -o "-p $PORT -k $PGD -c listen_addresses=127.0.0.1 -c fsync=off" \
    -l "$PGD/pg.log" -w start >/dev/null
  run_pg "$DOMINO_TEST_PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres domino_test
  export DOMINO_TEST_POSTGRES_URL="postgresql+asyncpg://postgres@127.0.0.1:$PORT/domino_test"
  echo "== PostgreSQL test server on 127.0.0.1:$PORT ($PGD, deleted at exit)"
fi
export DOMINO_TEST_SKIP=${SKIPPED// /,}

echo "== ruff";  "$BIN/ruff" check src tests benchmarks
echo "== mypy";  "$BIN/mypy"
if ! skipping js; then
  echo "== node --test (web client logic)"
  node --test tests/web/unit/
fi
if ! skipping browser; then
  echo "== npm ci --prefix tests/web (axe-core for the accessibility tests)"
  npm ci --no-audit --no-fund --prefix tests/web >/dev/null
fi
PYTEST_ARGS=()
if skipping cluster && [ -d tests/cluster ]; then PYTEST_ARGS+=(--ignore=tests/cluster); fi
echo "== pytest"
"$BIN/pytest" -q -rs "${PYTEST_ARGS[@]}" "$@"

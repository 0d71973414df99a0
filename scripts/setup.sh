#!/usr/bin/env bash
# Installs what Forage needs on a fresh Debian machine with Node 20, then builds it.
# --for-tests also installs what only the test suite needs.
# Safe to rerun: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
if ! command -v nats-server >/dev/null 2>&1 && [ ! -x /usr/sbin/nats-server ]; then need_apt+=(nats-server); fi
if [ ! -x /usr/bin/chromium ] && [ ! -x /usr/lib/chromium/chromium ]; then need_apt+=(chromium); fi
# tests only: PostgreSQL server binaries, since the log store's DATABASE_URL path is tested against a real server
if [ "${1:-}" = "--for-tests" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need_apt+=(postgresql); fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "setup: installing ${need_apt[*]} (apt)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "setup: missing system packages; run as root:  apt-get install -y ${need_apt[*]}" >&2
    exit 1
  fi
fi

stamp=node_modules/.forage-install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "setup: installing npm dependencies"
  # a clean clone (CI, the image) installs exactly the lockfile; an existing tree is brought in line with it
  if [ -d node_modules ]; then
    npm install --no-audit --no-fund --loglevel=error
  else
    npm ci --no-audit --no-fund --loglevel=error
  fi
  touch "$stamp"
fi

echo "setup: building"
npx nx run-many -t build --output-style=static >/dev/null

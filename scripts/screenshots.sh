#!/usr/bin/env bash
# npm run screenshots [dir]: PNGs of the web UI's main screens (default ./screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export FORAGE_SCREENSHOTS_DIR="$(realpath -m "${1:-screenshots}")"
exec node --experimental-vm-modules node_modules/jest/bin/jest.js --runInBand \
  --testMatch '<rootDir>/tests/screenshots.run.ts' --testTimeout 600000

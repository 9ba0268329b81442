#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (browsers cannot be downloaded here). Install it when missing and we can.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing Debian chromium for the e2e tests…" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1

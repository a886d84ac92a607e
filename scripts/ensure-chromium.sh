#!/usr/bin/env bash
# Browser tests use Debian's Chromium (never a downloaded browser: none can be fetched here).
# Installs it when missing and we are root; otherwise says exactly what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM and it is not there.
Install Debian's package as root:   sudo apt-get install -y chromium
or point CHROMIUM_PATH at an existing Chromium binary. (Playwright's own browser download is not used.)
MSG
exit 1

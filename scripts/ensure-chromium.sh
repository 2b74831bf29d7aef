#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; the machines cannot download a
# browser of Playwright's own. Installs the package when running as root.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's 'chromium' package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $chromium_path. Install Debian's 'chromium' package (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1

#!/usr/bin/env bash
# Makes sure a system Chromium exists for the browser tests: CHROME_PATH, else `chromium` on PATH.
# As root on Debian/Ubuntu it installs the distribution's package; otherwise it says what to do.
set -euo pipefail

if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing the distribution's chromium package (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  command -v chromium >/dev/null 2>&1 && exit 0
fi

echo "Chromium is needed for the end-to-end, accessibility and Lighthouse checks." >&2
echo "Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chrome/Chromium executable." >&2
exit 1

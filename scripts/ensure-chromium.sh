#!/usr/bin/env bash
# Makes sure a system Chromium exists for the browser tests: CHROME_PATH, else `chromium` on PATH.
# As root on Debian/Ubuntu it installs the distribution's packages: chromium, and its headless shell,
# which the test suites prefer (scripts/lib/chrome.ts); otherwise it says what to do.
set -euo pipefail

if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then exit 0; fi
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the distribution's ${missing[*]} (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || true
  # The headless shell only makes the suites faster: without it they use chromium.
  if ! apt-get install -y -qq "${missing[@]}" >/dev/null; then
    apt-get install -y -qq chromium >/dev/null || true
  fi
fi

command -v chromium >/dev/null 2>&1 && exit 0
echo "Chromium is needed for the end-to-end, accessibility and Lighthouse checks." >&2
echo "Install it (Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell) or set CHROME_PATH to a Chrome/Chromium executable." >&2
exit 1

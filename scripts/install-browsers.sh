#!/usr/bin/env bash
# Installs the browsers the E2E tests drive: Debian's chromium and firefox-esr.
# Idempotent: installs only what is missing, and runs `apt-get update` only when apt cannot
# find a package it needs. Never downloads a browser build of its own (the machines reach
# Debian's packages and the npm registry only).
set -euo pipefail

# Keep in step with gecko.strict_min_version in wxt.config.ts; bookworm's main suite has an
# older ESR than bookworm-security, and that one refuses to install the add-on.
MIN_FIREFOX_MAJOR=142

say() { printf 'install-browsers: %s\n' "$*"; }
fail() { printf 'install-browsers: error: %s\n' "$*" >&2; exit 1; }

is_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# /usr/bin/chromium is a shell wrapper whose /etc/chromium.d snippets may print noise on stderr.
version_of() { "$1" --version 2>/dev/null | head -n 1; }

missing=()
if [[ -n "${CHROME_PATH:-}" ]]; then
  [[ -x "$CHROME_PATH" ]] || fail "CHROME_PATH=$CHROME_PATH is not an executable file"
  say "chromium: using CHROME_PATH=$CHROME_PATH"
elif is_installed chromium && [[ -x /usr/bin/chromium ]]; then
  say "chromium: already installed"
else
  missing+=(chromium)
fi
if [[ -n "${FIREFOX_PATH:-}" ]]; then
  [[ -x "$FIREFOX_PATH" ]] || fail "FIREFOX_PATH=$FIREFOX_PATH is not an executable file"
  say "firefox-esr: using FIREFOX_PATH=$FIREFOX_PATH"
elif is_installed firefox-esr && [[ -x /usr/bin/firefox-esr ]]; then
  say "firefox-esr: already installed"
else
  missing+=(firefox-esr)
fi

if ((${#missing[@]} > 0)); then
  say "missing: ${missing[*]}"
  command -v apt-get >/dev/null 2>&1 ||
    fail "apt-get not found: install ${missing[*]} by hand, or point CHROME_PATH / FIREFOX_PATH at the binaries"
  if [[ $(id -u) -eq 0 ]]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    fail "not root and no sudo: cannot install ${missing[*]}; run this script as root"
  fi
  apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)

  # An empty or stale package list makes apt-cache fail; only then is an update worth a minute.
  for pkg in "${missing[@]}"; do
    if ! apt-cache show --no-all-versions "$pkg" >/dev/null 2>&1; then
      say "package lists do not know $pkg: running apt-get update"
      "${apt[@]}" update -q || fail "apt-get update failed (no network to Debian's mirrors?)"
      break
    fi
  done
  "${apt[@]}" install -y -q "${missing[@]}" || fail "apt-get install ${missing[*]} failed"
  say "installed: ${missing[*]}"
fi

chrome_bin=${CHROME_PATH:-/usr/bin/chromium}
firefox_bin=${FIREFOX_PATH:-/usr/bin/firefox-esr}
chrome_version=$(version_of "$chrome_bin") || true
firefox_version=$(version_of "$firefox_bin") || true
[[ -n "$chrome_version" ]] || fail "$chrome_bin does not run (--version printed nothing)"
[[ -n "$firefox_version" ]] || fail "$firefox_bin does not run (--version printed nothing)"
say "chromium: $chrome_bin -> $chrome_version"
say "firefox:  $firefox_bin -> $firefox_version"

firefox_major=$(grep -oE '[0-9]+' <<<"$firefox_version" | head -n 1)
if ((firefox_major < MIN_FIREFOX_MAJOR)); then
  fail "Firefox $firefox_major is older than $MIN_FIREFOX_MAJOR, the add-on's strict_min_version (enable the bookworm-security suite and rerun)"
fi

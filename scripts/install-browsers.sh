#!/usr/bin/env bash
# Installs the browsers the E2E tests drive: Debian's chromium and firefox-esr.
# Idempotent: installs only what is missing, and runs `apt-get update` only when apt cannot
# find a package it needs or offers a Firefox older than the add-on accepts. Never downloads a
# browser build of its own (the machines reach Debian's packages and the npm registry only).
#
# Chromium is required. Firefox is too for the E2E tests, but the demo needs Chromium only:
# without --require-firefox (or REQUIRE_FIREFOX=1) a Firefox that cannot be installed is a
# warning, so `npm ci && npm run browsers && npm run demo` works; `npm test` still fails
# without it.
set -euo pipefail

require_firefox=${REQUIRE_FIREFOX:-0}
[[ "${1:-}" == "--require-firefox" ]] && require_firefox=1

# Keep in step with gecko.strict_min_version in wxt.config.ts; bookworm's main suite has an
# older ESR than bookworm-security, and that one refuses to install the add-on.
MIN_FIREFOX_MAJOR=142

say() { printf 'install-browsers: %s\n' "$*"; }
fail() { printf 'install-browsers: error: %s\n' "$*" >&2; exit 1; }

# Firefox problems stop the script only when Firefox is required.
firefox_problem() {
  if [[ "$require_firefox" == 1 ]]; then fail "$*"; fi
  printf 'install-browsers: warning: %s\n' "$*" >&2
  printf 'install-browsers: warning: the demo runs without Firefox; the E2E tests (npm test) need it\n' >&2
  firefox_ok=0
}
firefox_ok=1

major_of() { grep -oE '[0-9]+' <<<"$1" | head -n 1; }
# The version apt would install now, or empty.
candidate_major() { major_of "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | grep -v '(none)' || true)"; }

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
elif is_installed firefox-esr && [[ -x /usr/bin/firefox-esr ]] &&
  (($(major_of "$(version_of /usr/bin/firefox-esr)") + 0 >= MIN_FIREFOX_MAJOR)); then
  say "firefox-esr: already installed"
else
  # Missing, or installed but older than the add-on accepts: apt installs or upgrades it.
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
  # Old lists also offer an old Firefox ESR (bookworm's main suite before bookworm-security),
  # which the add-on refuses: then too, update and look again.
  updated=0
  update_lists() {
    ((updated)) && return 0
    say "running apt-get update ($1)"
    "${apt[@]}" update -q || fail "apt-get update failed (no network to Debian's mirrors?)"
    updated=1
  }
  for pkg in "${missing[@]}"; do
    apt-cache show --no-all-versions "$pkg" >/dev/null 2>&1 || update_lists "the package lists do not know $pkg"
  done
  if [[ " ${missing[*]} " == *" firefox-esr "* ]]; then
    candidate=$(candidate_major firefox-esr)
    if [[ -z "$candidate" ]] || ((candidate < MIN_FIREFOX_MAJOR)); then
      update_lists "firefox-esr ${candidate:-none} is older than $MIN_FIREFOX_MAJOR"
      candidate=$(candidate_major firefox-esr)
    fi
    if [[ -z "$candidate" ]] || ((candidate < MIN_FIREFOX_MAJOR)); then
      missing=("${missing[@]/firefox-esr/}")
      firefox_problem "apt offers firefox-esr ${candidate:-none}, older than $MIN_FIREFOX_MAJOR (enable the bookworm-security suite and rerun)"
    fi
  fi
  read -r -a missing <<<"${missing[*]}"
  if ((${#missing[@]} > 0)); then
    "${apt[@]}" install -y -q "${missing[@]}" || fail "apt-get install ${missing[*]} failed"
    say "installed: ${missing[*]}"
  fi
fi

chrome_bin=${CHROME_PATH:-/usr/bin/chromium}
firefox_bin=${FIREFOX_PATH:-/usr/bin/firefox-esr}
chrome_version=$(version_of "$chrome_bin") || true
firefox_version=""
((firefox_ok)) && { firefox_version=$(version_of "$firefox_bin") || true; }
[[ -n "$chrome_version" ]] || fail "$chrome_bin does not run (--version printed nothing)"
say "chromium: $chrome_bin -> $chrome_version"
if ((firefox_ok)); then
  if [[ -z "$firefox_version" ]]; then
    firefox_problem "$firefox_bin does not run (--version printed nothing)"
  elif (($(major_of "$firefox_version") + 0 < MIN_FIREFOX_MAJOR)); then
    firefox_problem "Firefox $(major_of "$firefox_version") is older than $MIN_FIREFOX_MAJOR, the add-on's strict_min_version (run apt-get update && apt-get install firefox-esr, with the bookworm-security suite enabled)"
  else
    say "firefox:  $firefox_bin -> $firefox_version"
  fi
fi

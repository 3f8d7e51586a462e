#!/usr/bin/env bash
# Installs the Debian packages Lifeline's build and tests need, and only those missing, so that
# `make run`, `make test` and `.ci/run` work on a fresh machine with Swift alone:
#   libsqlite3-dev     the CSQLite system library
#   libsecret-1-dev    the CSecret system library (the Secret Service store on Linux)
#   tmux               the end-to-end terminal tests
#   dbus-daemon        a private session bus for the keyring tests (dbus-run-session, dbus-send)
#   gnome-keyring      a real Secret Service provider for those tests
#   libsecret-tools    secret-tool, with which the tests read the keyring back
# Nothing happens where every package is installed, or on a machine without dpkg (macOS).
set -euo pipefail

command -v dpkg-query >/dev/null 2>&1 || exit 0

packages=(libsqlite3-dev libsecret-1-dev tmux dbus-daemon gnome-keyring libsecret-tools)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "scripts/setup.sh: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# Installs the Debian packages planner needs, where they are missing: libcurl (every HTTP request), SQLite and zlib.
# Runs apt-get as root, or through sudo when not root. Sourced by quickstart.sh and test.sh.
set -euo pipefail
build_packages=(libcurl4-openssl-dev libsqlite3-dev zlib1g-dev)
# The tests also drive the web app in headless Chromium through its WebDriver (chromium-driver, for Selenium), render
# the installed man page, and run the storage tests and several `planner serve` instances on a throwaway PostgreSQL
# cluster (Scripts/throwaway-postgres.sh). --test-tools installs only these (test.sh, while it builds).
test_packages=(chromium chromium-driver sqlite3 man-db groff-base postgresql)
case ${1:-} in
    --with-test-tools) needed=("${build_packages[@]}" "${test_packages[@]}") ;;
    --test-tools) needed=("${test_packages[@]}") ;;
    *) needed=("${build_packages[@]}") ;;
esac
missing=()
for package in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "planner: installing ${missing[*]}" >&2
    if [[ $(id -u) -eq 0 ]]; then sudo=(); elif command -v sudo >/dev/null; then sudo=(sudo); else
        echo "planner: error: ${missing[*]} missing and not root: install them with apt-get" >&2
        exit 1
    fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

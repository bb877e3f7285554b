#!/usr/bin/env bash
# Installs what building and testing escaque needs, and only what is missing.
# Safe to run any number of times.
#
#   scripts/setup.sh          everything npm test needs
#   scripts/setup.sh build    only what scripts/build.sh needs (npm start uses this)
#
# Debian packages come from apt (as root, or through sudo otherwise); the
# npm dev dependencies (playwright-core, driving the system Chromium) come from
# `npm ci` when node_modules is missing or older than package-lock.json.
set -uo pipefail
cd "$(dirname "$0")/.."

scope="${1:-all}"
case "$scope" in
  all|build) ;;
  *) echo "usage: scripts/setup.sh [all|build]" >&2; exit 2 ;;
esac

# package:probe — the package counts as present when dpkg has it installed or
# the probe (a command name or an absolute path) exists, so tools installed
# another way (e.g. emsdk) are respected.
build_packages=(cmake:cmake make:make g++:g++ libgtest-dev:/usr/include/gtest/gtest.h emscripten:emcc)
test_packages=(clang:clang libclang-rt-14-dev:-
               chromium:/usr/bin/chromium chromium-headless-shell:/usr/bin/chromium-headless-shell
               stockfish:/usr/games/stockfish)
wanted=("${build_packages[@]}")
[[ "$scope" == all ]] && wanted+=("${test_packages[@]}")

is_present() {
  local package="$1" probe="$2"
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then return 0; fi
  case "$probe" in
    -) return 1 ;;
    /*) [[ -e "$probe" ]] ;;
    *) command -v "$probe" >/dev/null 2>&1 ;;
  esac
}

missing=()
for entry in "${wanted[@]}"; do
  is_present "${entry%%:*}" "${entry#*:}" || missing+=("${entry%%:*}")
done

failed=()
if ((${#missing[@]})); then
  echo "setup: installing missing Debian packages: ${missing[*]}"
  if [[ $EUID -eq 0 ]]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "setup: not root and no sudo: cannot install ${missing[*]}" >&2
    failed=("${missing[@]}")
  fi
  if ((${#failed[@]} == 0)); then
    # Wait for another apt run to finish instead of failing on its lock.
    apt_options=(-o DPkg::Lock::Timeout=600)
    if ! "${as_root[@]}" apt-get "${apt_options[@]}" update -q; then
      echo "setup: apt-get update failed; trying the install with the package lists as they are" >&2
    fi
    # One package at a time so that one failure does not hide the others.
    for package in "${missing[@]}"; do
      echo "setup: apt-get install $package"
      if ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
          apt-get "${apt_options[@]}" install -y -q "$package"; then
        failed+=("$package")
      fi
    done
  fi
fi

if [[ "$scope" == all ]]; then
  if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json \
        || package.json -nt node_modules/.package-lock.json ]]; then
    echo "setup: npm ci (node_modules missing or out of date)"
    if ! npm ci --no-audit --no-fund; then failed+=("npm ci"); fi
  fi
fi

if ((${#failed[@]})); then
  echo "setup: FAILED to install: ${failed[*]}" >&2
  exit 1
fi
if ((${#missing[@]} == 0)); then
  echo "setup: all required Debian packages present ($scope)"
else
  echo "setup: installed ${missing[*]}"
fi

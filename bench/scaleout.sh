#!/usr/bin/env bash
# Stateless (2026-07-28) tools/call throughput through a round-robin nginx in front of 1, 2 and 3 jmcp instances
# sharing state in Redis, and of 1 instance without Redis (what the shared state costs per call). Uses
# conformance/scaleout.sh for the set-up and dev.jmcp.bench.load.StatelessLoad for the load. A benchmark, not a test.
#
#   bench/scaleout.sh [CONCURRENCY] [SECONDS]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CONCURRENCY=${1:-32}
SECONDS_EACH=${2:-15}
cd "$ROOT"
mvn -B -q -pl bench,dist -am package -DskipTests >&2
JAVA=$ROOT/dist/target/jmcp/runtime/bin/java
CP="$ROOT/bench/target/classes"
run() { # <label> <scaleout args...>
  local label=$1; shift
  local line
  line=$(bash conformance/scaleout.sh --plugins-dir "$ROOT/dist/target/jmcp/plugins" --out "$ROOT/bench/target/scaleout" "$@" \
    --then bash -c "\"$JAVA\" -cp \"$CP\" dev.jmcp.bench.load.StatelessLoad \"\$JMCP_URL\" sleep '{\"milliseconds\":0}' $CONCURRENCY $SECONDS_EACH 3" | tail -n 1)
  echo "$label: $line"
}
run "1 instance, no Redis " --instances 1 --no-state
run "1 instance, Redis    " --instances 1
run "2 instances, Redis   " --instances 2
run "3 instances, Redis   " --instances 3

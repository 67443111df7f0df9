#!/usr/bin/env bash
# The conformance client, as the official suite starts it:
#   conformance client --command "conformance/client.sh" --scenario NAME
# The suite sets MCP_CONFORMANCE_SCENARIO and appends the scenario server's URL. This script builds nothing: it runs
# the program `mvn package` built (conformance/target) on the distribution's own Java runtime and libraries.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIST=${JMCP_DIST:-$ROOT/dist/target/jmcp}
JAVA=$DIST/runtime/bin/java
jar=$(ls "$ROOT"/conformance/target/jmcp-conformance-*.jar 2>/dev/null | grep -v -e '-sources' -e '-javadoc' | head -n 1 || true)
if [[ ! -x $JAVA || -z $jar ]]; then
  echo "conformance/client.sh: build first (mvn -B package): need $JAVA and conformance/target/jmcp-conformance-*.jar" >&2
  exit 2
fi
exec "$JAVA" -Xlog:disable -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$jar:$DIST/lib/*" \
  dev.jmcp.conformance.client.ConformanceClient "$@"

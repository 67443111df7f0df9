#!/usr/bin/env bash
# Hostile traffic over stdio against the assembled distribution, with RSS before, during and after the burst.
#   bench/hostile.sh [rounds=20000] [quietSeconds=30]      (build first: mvn -B -q package -DskipTests)
# JMCP_OPTS is passed through, to compare JVM settings (e.g. JMCP_OPTS=-XX:+UseG1GC).
set -euo pipefail
cd "$(dirname "$0")/.."
home=dist/target/jmcp
exec "$home/runtime/bin/java" bench/hostile/HostileDriver.java "$home/bin/jmcp" "$home/plugins" "${1:-20000}" "${2:-30}"

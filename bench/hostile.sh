#!/usr/bin/env bash
# Hostile traffic over stdio against the assembled distribution, with RSS before, during and after the burst.
#   bench/hostile.sh [rounds=20000] [quietSeconds=30]      (build first: mvn -B -q package -DskipTests)
# JMCP_OPTS is passed through, to compare JVM settings (e.g. JMCP_OPTS=-XX:+UseG1GC).
set -euo pipefail
cd "$(dirname "$0")/.."
home=dist/target/jmcp
# The driver is a single source file run by a full JDK 25 (the distribution's runtime has no compiler).
exec "${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java" bench/hostile/HostileDriver.java "$home/bin/jmcp" "$home/plugins" "${1:-20000}" "${2:-30}"

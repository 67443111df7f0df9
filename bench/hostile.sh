#!/usr/bin/env bash
# Hostile traffic over stdio against the assembled distribution, with RSS before, during and after the burst.
#   bench/hostile.sh [rounds=20000] [quietSeconds=30] [stateful|stateless]     (build first: mvn -B -q package -DskipTests)
# JMCP_OPTS is passed through, to compare JVM settings (e.g. JMCP_OPTS=-XX:+UseG1GC). JMCP_HOME picks another
# distribution, JMCP_PLUGINS another plugins folder (e.g. with plugins/everything for redeclarations). It ends with the
# live heap after a full GC and the counts of the classes a registry is made of.
set -euo pipefail
cd "$(dirname "$0")/.."
home=${JMCP_HOME:-dist/target/jmcp}
plugins=${JMCP_PLUGINS:-$home/plugins}
# The driver is a single source file run by a full JDK 25 (the distribution's runtime has no compiler).
exec "${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java" bench/hostile/HostileDriver.java "$home/bin/jmcp" "$plugins" "${1:-20000}" "${2:-30}" "${3:-stateful}"

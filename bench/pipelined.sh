#!/usr/bin/env bash
# Where a stdio server's time goes with calls pipelined: per kind of thread (JIT, GC, carriers, main/reader), CPU a
# call, time waiting for a core, context switches and bytes allocated (bench/pipelined/PipelinedProbe.java).
#   bench/pipelined.sh LABEL [warm-up=60000] [calls=20000] [in flight=64] [chunks=0] [jmcp|trivial]
# jmcp (default) is the distribution's launcher (JMCP_HOME picks another, JMCP_OPTS passes through) serving the bench's
# echo plugin; trivial is the bench's TrivialServer. Build first: mvn -B -q package -DskipTests. The server's standard
# error goes to bench/target/pipelined/LABEL.log.
set -euo pipefail
cd "$(dirname "$0")/.."
java=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
label=${1:?label}
home=${JMCP_HOME:-dist/target/jmcp}
case ${6:-jmcp} in
  trivial) jar=$(ls bench/target/jmcp-bench-*.jar | grep -v -e -echo-plugin -e -sources | head -n 1)
           server=("$java" -cp "$jar:bench/target/lib/*" dev.jmcp.bench.load.TrivialServer stdio) ;;
  jmcp) plugins=$(mktemp -d)
        trap 'rm -rf "$plugins"' EXIT
        cp bench/target/jmcp-bench-*-echo-plugin.jar "$plugins/"
        server=("$home/bin/jmcp" serve -p "$plugins") ;;
  *) echo "unknown server: $6" >&2; exit 2 ;;
esac
mkdir -p bench/target/pipelined
"$java" -Dprobe.logs=bench/target/pipelined bench/pipelined/PipelinedProbe.java \
  "$label" "${2:-60000}" "${3:-20000}" "${4:-64}" "${5:-0}" -- "${server[@]}"

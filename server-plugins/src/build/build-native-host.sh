#!/bin/sh
# Builds the native plugin host program (src/main/c/jmcp-native-host.c) with the machine's C compiler into $1, where
# the server JAR carries it as a resource (dev/jmcp/server/nativeabi/jmcp-native-host). Called by the Maven build
# (server/pom.xml); CC may name another compiler. Without a C compiler it warns and builds nothing: jmcp then runs each
# native library in a child JVM instead (slower to start, ~60 MiB more memory per library; see README).
set -eu
out=${1:?usage: build-native-host.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
if ! command -v "$CC" >/dev/null 2>&1; then
  echo "native-host: no '$CC' on PATH: the native plugin host is not built; native libraries will run in a child JVM." >&2
  exit 0
fi
mkdir -p "$out"
$CC -O2 -Wall -Wextra -Werror -std=c11 -I "$here/../plugins/native-samples/include" \
  -o "$out/jmcp-native-host.tmp" "$here/src/main/c/jmcp-native-host.c" -ldl -lpthread
mv "$out/jmcp-native-host.tmp" "$out/jmcp-native-host"
echo "native-host: built $out/jmcp-native-host" >&2

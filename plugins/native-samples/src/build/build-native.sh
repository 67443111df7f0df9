#!/bin/sh
# Builds the native sample plugins with the machine's C and C++ compilers into $1 (one .so per library).
# Called by the Maven build (plugins/native-samples/pom.xml); CC and CXX may name other compilers.
set -eu
out=${1:?usage: build-native.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
CXX=${CXX:-c++}
for tool in "$CC" "$CXX"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "native-samples: no '$tool' on PATH. Install a C and C++ compiler (Debian: apt-get install gcc g++)," >&2
    echo "or set CC and CXX." >&2
    exit 1
  fi
done
mkdir -p "$out"
src=$here/src/main/c
flags="-O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden -I $here/include"
$CC  $flags -std=c11 -D_POSIX_C_SOURCE=200809L -o "$out/libjmcp-sample-tools.so" "$src/tools.c" -lstdc++
$CC  $flags -std=c11 -o "$out/libjmcp-sample-resources.so" "$src/resources.c" -lstdc++
$CXX $flags -std=c++17 -o "$out/libjmcp-sample-prompts.so" "$src/prompts.cpp"
$CXX $flags -std=c++17 -Wl,-Bsymbolic -o "$out/libjmcp-test-faulty.so" "$src/faulty.cpp"
$CXX $flags -std=c++17 -o "$out/libjmcp-test-rough.so" "$src/rough.cpp"
for defect in INITIALIZE NO_DESTROY SCHEMA NAME; do
  name=$(echo "$defect" | tr 'A-Z_' 'a-z-')
  $CC $flags -std=c11 -DBROKEN_$defect -o "$out/libjmcp-test-broken-$name.so" "$src/broken.c"
done
echo "native-samples: built $(ls "$out"/*.so | wc -l) libraries into $out" >&2

#!/usr/bin/env bash
# Coverage-guided fuzzing of jmcp's hostile-input suite (server/src/test/java/dev/jmcp/server/fuzz,
# .../stdio, and server-http/src/test/java/.../http) with Jazzer.
# Each @FuzzTest is fuzzed in turn for DURATION (default 5m); under `mvn test` the same tests only replay their seed
# corpus. A crash is written beside the seeds (<module>/src/test/resources/.../<Test>Inputs/<method>/crash-*), where it
# becomes a regression input: commit it with the fix.
#   bench/fuzz.sh                         every target, 5 minutes each
#   DURATION=30s bench/fuzz.sh CodecFuzzTest#anyBytesDecodeToAMessageOrAReadableJsonRpcError
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-5m}
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(
    CodecFuzzTest#anyBytesDecodeToAMessageOrAReadableJsonRpcError
    LineFramingFuzzTest#anyByteStreamSplitsIntoBoundedLinesWithoutLoss
    HttpFramingFuzzTest#anyRequestBytesGetOneHttpAnswerAndNeverAnInternalError
    EnvelopeFuzzTest#anyMetaEnvelopeIsServedOrRefusedWithAReadableError
  )
fi
status=0
for target in "${TARGETS[@]}"; do
  echo "== fuzzing $target for $DURATION"
  JAZZER_FUZZ=1 mvn -B -q -pl server,server-http -am test -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false \
    -Djazzer.max_duration="$DURATION" -Djunit.jupiter.execution.timeout.default=24h || status=1
done
exit $status

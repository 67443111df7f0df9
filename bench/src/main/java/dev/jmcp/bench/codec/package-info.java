/**
 * JMH benchmarks of the JSON codec alone ({@code dev.jmcp.protocol.json.JsonCodec}): reading a {@code tools/call}
 * request and writing its result, the two conversions every call pays. Depends on {@code protocol} only.
 */
package dev.jmcp.bench.codec;

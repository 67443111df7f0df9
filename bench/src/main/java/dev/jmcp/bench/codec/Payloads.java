package dev.jmcp.bench.codec;

import java.nio.charset.StandardCharsets;

/**
 * The messages the benchmarks exchange, shared so every benchmark (and the load driver's peers) sees the same bytes:
 * a {@code tools/call} of {@code echo} as a client such as Claude Desktop sends it, with a progress token in
 * {@code _meta}. Immutable.
 */
public final class Payloads {
    /** The text every echo call sends: one sentence, as a model passes to a simple tool. */
    public static final String TEXT = "The quick brown fox jumps over the lazy dog while the benchmark counts.";

    private Payloads() {
    }

    /** A {@code tools/call} request of {@code echo} with the numeric id {@code id}, as one line of JSON. */
    public static String toolsCall(long id, String text) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"" + text + "\"},\"_meta\":{\"progressToken\":" + id + "}}}";
    }

    public static byte[] toolsCallBytes(long id, String text) {
        return toolsCall(id, text).getBytes(StandardCharsets.UTF_8);
    }

    /** An {@code initialize} request of revision 2025-06-18 with the id {@code id}. */
    public static String initialize(long id, String protocolVersion) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + protocolVersion + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"jmcp-bench\",\"version\":\"1\"}}}";
    }

    /** A {@code tools/list} request with the id {@code id}. */
    public static String toolsList(long id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}";
    }

    public static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
}

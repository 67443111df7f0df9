package dev.jmcp.cli.serve;

/** How {@code jmcp serve} talks to clients. */
public enum Transport {
    /** Newline-delimited JSON-RPC over standard input and output; the default. */
    STDIO("stdio"),
    /** Streamable HTTP ({@code -t}). */
    STREAMABLE_HTTP("Streamable HTTP (-t/--http)"),
    /** The legacy HTTP+SSE transport ({@code -s}). */
    SSE("HTTP+SSE (-s/--sse)");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** How the transport is named in messages to the user. */
    public String label() {
        return label;
    }
}

package dev.jmcp.bench.load;

/** How the driver talks to a server: newline-delimited JSON-RPC on the child's pipes, or Streamable HTTP. */
public enum LoadTransport {
    STDIO, HTTP;

    @Override
    public String toString() {
        return this == STDIO ? "stdio" : "http";
    }
}

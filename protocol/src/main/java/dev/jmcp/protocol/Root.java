package dev.jmcp.protocol;

/** A root the client exposes: a {@code file://} URI and an optional name. */
public record Root(String uri, String name) {
    public Root {
        if (uri == null) throw new IllegalArgumentException("a root needs a uri");
    }
}

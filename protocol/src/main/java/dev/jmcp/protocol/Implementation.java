package dev.jmcp.protocol;

/** The name and version of an MCP implementation (client or server). */
public record Implementation(String name, String title, String version) {
    public Implementation {
        if (name == null) throw new IllegalArgumentException("an implementation needs a name");
        if (version == null) throw new IllegalArgumentException("an implementation needs a version");
    }

    public Implementation(String name, String version) {
        this(name, null, version);
    }
}

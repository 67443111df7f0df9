package dev.jmcp.protocol;

/** Who a message or content is for or from. */
public enum Role {
    USER("user"), ASSISTANT("assistant");

    private final String wire;

    Role(String wire) {
        this.wire = wire;
    }

    @Override
    public String toString() {
        return wire;
    }
}

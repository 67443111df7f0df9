package dev.jmcp.protocol.jsonrpc;

/**
 * A JSON-RPC request id: a string or an integer. MCP says it MUST NOT be null.
 * Immutable; equal ids compare equal whatever their origin.
 */
public sealed interface RequestId {

    /** The id as the JSON tree value it is on the wire ({@code String} or {@code Long}). */
    Object value();

    record Text(String value) implements RequestId {
        public Text {
            if (value == null) throw new IllegalArgumentException("request id must not be null");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }

        // equals and hashCode of both kinds are written out: a record's generated ones link an invokedynamic call site
        // on first use, which the JVM's AOT cache cannot hold, and the first such link spins method-handle classes
        // while the first request is being answered.
        @Override
        public boolean equals(Object other) {
            return other instanceof Text that && value.equals(that.value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }
    }

    record Number(Long value) implements RequestId {
        public Number {
            if (value == null) throw new IllegalArgumentException("request id must not be null");
        }

        @Override
        public String toString() {
            return value.toString();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Number that && value.equals(that.value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }
    }

    static RequestId of(String value) {
        return new Text(value);
    }

    static RequestId of(long value) {
        return new Number(value);
    }

    /**
     * The id a JSON tree value stands for (as {@code JsonCodec} parses ids): a string, or an integer within the range
     * of a long; empty for anything else (null, a fraction, a larger integer, an object), which names no request.
     */
    static java.util.Optional<RequestId> fromTree(Object value) {
        return switch (value) {
            case String s -> java.util.Optional.of(of(s));
            case Integer i -> java.util.Optional.of(of(i));
            case Long l -> java.util.Optional.of(of(l));
            case null, default -> java.util.Optional.empty();
        };
    }
}

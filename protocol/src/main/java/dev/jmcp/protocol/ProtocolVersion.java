package dev.jmcp.protocol;

import java.util.Optional;

/**
 * The protocol revisions jmcp speaks, oldest first, with what each one has. Every difference of wire shape or
 * behaviour between revisions is answered here, not by comparing version strings elsewhere.
 */
public enum ProtocolVersion {
    V2024_11_05("2024-11-05"),
    V2025_03_26("2025-03-26"),
    V2025_06_18("2025-06-18"),
    V2025_11_25("2025-11-25");

    /** The newest stateful revision: what a server answers when it does not support the client's. */
    public static final ProtocolVersion LATEST_STATEFUL = V2025_11_25;

    private final String wire;

    ProtocolVersion(String wire) {
        this.wire = wire;
    }

    /** The version string as it is on the wire, e.g. {@code 2025-06-18}. */
    public String wire() {
        return wire;
    }

    @Override
    public String toString() {
        return wire;
    }

    public static Optional<ProtocolVersion> fromWire(String wire) {
        for (var v : values()) {
            if (v.wire.equals(wire)) return Optional.of(v);
        }
        return Optional.empty();
    }

    private boolean atLeast(ProtocolVersion other) {
        return compareTo(other) >= 0;
    }

    /** JSON-RPC batches: added in 2025-03-26, removed in 2025-06-18. */
    public boolean allowsBatches() {
        return this == V2025_03_26;
    }

    /** Audio content, tool annotations, completion capability, progress messages: 2025-03-26. */
    public boolean hasAudioContent() {
        return atLeast(V2025_03_26);
    }

    public boolean hasToolAnnotations() {
        return atLeast(V2025_03_26);
    }

    public boolean hasProgressMessage() {
        return atLeast(V2025_03_26);
    }

    /** {@code title}, {@code outputSchema}/{@code structuredContent}, resource links, elicitation: 2025-06-18. */
    public boolean hasTitles() {
        return atLeast(V2025_06_18);
    }

    public boolean hasStructuredContent() {
        return atLeast(V2025_06_18);
    }

    public boolean hasResourceLinks() {
        return atLeast(V2025_06_18);
    }

    public boolean hasElicitation() {
        return atLeast(V2025_06_18);
    }

    public boolean hasCompletionContext() {
        return atLeast(V2025_06_18);
    }

    /** Icons, URL-mode elicitation, tool-input validation errors as tool results: 2025-11-25. */
    public boolean hasIcons() {
        return atLeast(V2025_11_25);
    }

    public boolean hasUrlElicitation() {
        return atLeast(V2025_11_25);
    }

    /**
     * 2025-11-25: "Input validation errors ... SHOULD be reported as Tool Execution Errors (isError: true) rather than
     * Protocol Errors"; earlier revisions answer -32602.
     */
    public boolean reportsToolInputErrorsAsResults() {
        return atLeast(V2025_11_25);
    }
}

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
    V2025_11_25("2025-11-25"),
    /** Stateless: no initialize, no session; every request carries its version and client in {@code _meta}. */
    V2026_07_28("2026-07-28");

    /** The newest stateful revision: what a server answers when it does not support the client's. */
    public static final ProtocolVersion LATEST_STATEFUL = V2025_11_25;

    private static final java.util.List<ProtocolVersion> STATEFUL = java.util.Arrays.stream(values())
            .filter(v -> !v.isStateless()).toList();

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

    /** The revisions negotiated with {@code initialize}, oldest first. */
    public static java.util.List<ProtocolVersion> stateful() {
        return STATEFUL;
    }

    /** A stateful revision named by {@code wire}; empty for an unknown or the stateless one. */
    public static Optional<ProtocolVersion> statefulFromWire(String wire) {
        return fromWire(wire).filter(v -> !v.isStateless());
    }

    /** 2026-07-28 on: no session; version, client and capabilities travel with every request. */
    public boolean isStateless() {
        return atLeast(V2026_07_28);
    }

    /** 2026-07-28: results say what they are ({@code resultType}), and lists and reads carry cache hints. */
    public boolean hasResultTypes() {
        return atLeast(V2026_07_28);
    }

    /** The error code for a resource that does not exist: -32002 until 2025-11-25, -32602 from 2026-07-28 on. */
    public int resourceNotFoundCode() {
        return isStateless() ? dev.jmcp.protocol.jsonrpc.ErrorCodes.INVALID_PARAMS
                : dev.jmcp.protocol.jsonrpc.ErrorCodes.RESOURCE_NOT_FOUND;
    }

    private boolean atLeast(ProtocolVersion other) {
        return compareTo(other) >= 0;
    }

    /** JSON-RPC batches: added in 2025-03-26, removed in 2025-06-18. */
    public boolean allowsBatches() {
        // 2026-07-28 is served one request at a time as well.
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

    /** Sampling requests that offer the model tools, for a client that declares {@code sampling.tools}: 2025-11-25. */
    public boolean hasSamplingTools() {
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

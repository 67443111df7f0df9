package dev.jmcp.protocol;

import java.util.Optional;

/** The syslog severities of RFC 5424, least severe first, as MCP's {@code logging} uses them. */
public enum LoggingLevel {
    DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY;

    private final String wire = name().toLowerCase(java.util.Locale.ROOT);

    @Override
    public String toString() {
        return wire;
    }

    /** True when a message at this level passes a threshold of {@code threshold}. */
    public boolean isAtLeast(LoggingLevel threshold) {
        return compareTo(threshold) >= 0;
    }

    public static Optional<LoggingLevel> fromWire(String wire) {
        for (var l : values()) {
            if (l.wire.equals(wire)) return Optional.of(l);
        }
        return Optional.empty();
    }
}

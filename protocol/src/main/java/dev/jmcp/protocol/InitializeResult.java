package dev.jmcp.protocol;

import java.util.Map;

/** The server's answer to {@code initialize}: the version it will speak, what it offers, who it is. */
public record InitializeResult(String protocolVersion, Map<String, Object> capabilities, Implementation serverInfo,
                               String instructions) {
}

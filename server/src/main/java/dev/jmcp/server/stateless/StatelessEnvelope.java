package dev.jmcp.server.stateless;

import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.LoggingLevel;

import java.util.Map;

/**
 * What a 2026-07-28 request says about itself in {@code params._meta}: the revision it speaks, the client, the
 * client's capabilities for this request only, and the log level it wants ({@code null}: no log messages).
 */
public record StatelessEnvelope(String protocolVersion, Implementation clientInfo, Map<String, Object> clientCapabilities,
                                LoggingLevel logLevel) {

    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    public StatelessEnvelope {
        clientCapabilities = clientCapabilities == null ? Map.of() : clientCapabilities;
    }
}

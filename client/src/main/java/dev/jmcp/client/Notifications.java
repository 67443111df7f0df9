package dev.jmcp.client;

import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ServerNotifications;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;

import java.util.Map;

/** Reads a server's notification into a {@link ServerNotification}; anything it cannot read is kept as {@code Other}. */
final class Notifications {
    private Notifications() {
    }

    static ServerNotification read(JsonRpcNotification notification) {
        Map<String, Object> params = notification.params() == null ? Map.of() : notification.params();
        String method = notification.method();
        return switch (method) {
            case ServerNotifications.PROGRESS -> params.get("progress") instanceof Number progress
                    ? new ServerNotification.Progress(params.get("progressToken"), progress.doubleValue(),
                    params.get("total") instanceof Number total ? total.doubleValue() : null,
                    params.get("message") instanceof String message ? message : null)
                    : new ServerNotification.Other(method, params);
            case ServerNotifications.MESSAGE -> LoggingLevel.fromWire(String.valueOf(params.get("level")))
                    .<ServerNotification>map(level -> new ServerNotification.LogMessage(level,
                            params.get("logger") instanceof String logger ? logger : null, params.get("data")))
                    .orElseGet(() -> new ServerNotification.Other(method, params));
            case ServerNotifications.TOOLS_LIST_CHANGED ->
                    new ServerNotification.ListChanged(ServerNotification.Kind.TOOLS);
            case ServerNotifications.PROMPTS_LIST_CHANGED ->
                    new ServerNotification.ListChanged(ServerNotification.Kind.PROMPTS);
            case ServerNotifications.RESOURCES_LIST_CHANGED ->
                    new ServerNotification.ListChanged(ServerNotification.Kind.RESOURCES);
            case ServerNotifications.RESOURCE_UPDATED -> params.get("uri") instanceof String uri
                    ? new ServerNotification.ResourceUpdated(uri)
                    : new ServerNotification.Other(method, params);
            default -> new ServerNotification.Other(method, params);
        };
    }
}

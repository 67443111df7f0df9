package dev.jmcp.client;

import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ServerNotifications;

import java.util.Map;

/**
 * A notification from the server, as the client's listener receives it. A closed union: handle it with a
 * {@code switch} without {@code default}. {@link Other} carries what this client does not model (its method and raw
 * params), so nothing the server says is lost.
 */
public sealed interface ServerNotification {

    /** The wire method, e.g. {@code notifications/progress}. */
    String method();

    /** {@code notifications/progress}: {@code total} and {@code message} may be null. */
    record Progress(Object progressToken, double progress, Double total, String message) implements ServerNotification {
        @Override
        public String method() {
            return ServerNotifications.PROGRESS;
        }
    }

    /** {@code notifications/message}: a log line; {@code logger} may be null, {@code data} is any JSON tree. */
    record LogMessage(LoggingLevel level, String logger, Object data) implements ServerNotification {
        @Override
        public String method() {
            return ServerNotifications.MESSAGE;
        }
    }

    /** {@code notifications/tools|prompts|resources/list_changed}: list the kind again to see what changed. */
    record ListChanged(Kind kind) implements ServerNotification {
        @Override
        public String method() {
            return switch (kind) {
                case TOOLS -> ServerNotifications.TOOLS_LIST_CHANGED;
                case PROMPTS -> ServerNotifications.PROMPTS_LIST_CHANGED;
                case RESOURCES -> ServerNotifications.RESOURCES_LIST_CHANGED;
            };
        }
    }

    /** {@code notifications/resources/updated}: a subscribed resource changed; read it again. */
    record ResourceUpdated(String uri) implements ServerNotification {
        @Override
        public String method() {
            return ServerNotifications.RESOURCE_UPDATED;
        }
    }

    /** Any other notification, with its params as a JSON tree (empty when it had none). */
    record Other(String method, Map<String, Object> params) implements ServerNotification {
    }

    /** The kinds of list a server may say changed. */
    enum Kind {
        TOOLS("tools"), PROMPTS("prompts"), RESOURCES("resources");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        @Override
        public String toString() {
            return wire;
        }
    }
}

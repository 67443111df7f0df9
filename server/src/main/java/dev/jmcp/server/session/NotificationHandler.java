package dev.jmcp.server.session;

/** Acts on one notification a client sent. Runs on the transport's thread: it must not block. */
@FunctionalInterface
public interface NotificationHandler {
    void handle(ServerSession session, Params params);
}

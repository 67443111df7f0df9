package dev.jmcp.server.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How a server is set up. {@code pageSize} bounds every list page; {@code maxMessageBytes} bounds one inbound message
 * (a longer one is answered with an error and skipped); {@code maxPendingRequests} bounds requests in flight per
 * connection; {@code reloadSettle} is how long a changed plugin file must stay quiet before it is loaded;
 * {@code identityFromParent} makes a server that runs one plugin for a parent jmcp over stdio take each call's sender
 * from the parent ({@link dev.jmcp.server.session.ParentIdentity}), and is for nothing else; {@code mountCache} is the
 * folder where lazy mounts keep their servers' manifests (null: {@code ~/.jmcp/mount-cache}).
 */
public record ServerOptions(String name, String version, Path pluginsDirectory, int pageSize, int maxMessageBytes,
                            int maxPendingRequests, Duration reloadSettle, boolean identityFromParent, Path mountCache) {

    public static final int DEFAULT_PAGE_SIZE = 100;
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
    public static final int DEFAULT_MAX_PENDING_REQUESTS = 1024;
    public static final Duration DEFAULT_RELOAD_SETTLE = Duration.ofMillis(300);
    /**
     * How long a shutdown lets the requests in flight finish before it answers each with an error, on every transport
     * (the HTTP transport's {@code HttpOptions.DEFAULT_GRACE_PERIOD} is this one).
     */
    public static final Duration DEFAULT_GRACE_PERIOD = Duration.ofSeconds(30);

    public ServerOptions {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("the server needs a name");
        if (version == null) version = "0.0.0";
        if (pageSize < 1) throw new IllegalArgumentException("page size must be at least 1, was " + pageSize);
        if (maxMessageBytes < 1024) throw new IllegalArgumentException("message limit must be at least 1024 bytes");
        if (maxPendingRequests < 1) throw new IllegalArgumentException("pending request limit must be at least 1");
        if (reloadSettle == null || reloadSettle.isNegative()) reloadSettle = DEFAULT_RELOAD_SETTLE;
    }

    public ServerOptions(String name, String version, Path pluginsDirectory, int pageSize, int maxMessageBytes,
                         int maxPendingRequests, Duration reloadSettle) {
        this(name, version, pluginsDirectory, pageSize, maxMessageBytes, maxPendingRequests, reloadSettle, false, null);
    }

    public static ServerOptions defaults(String name, Path pluginsDirectory) {
        return new ServerOptions(name, "0.0.0", pluginsDirectory, DEFAULT_PAGE_SIZE, DEFAULT_MAX_MESSAGE_BYTES,
                DEFAULT_MAX_PENDING_REQUESTS, DEFAULT_RELOAD_SETTLE);
    }

    public ServerOptions withPageSize(int pageSize) {
        return new ServerOptions(name, version, pluginsDirectory, pageSize, maxMessageBytes, maxPendingRequests, reloadSettle,
                identityFromParent, mountCache);
    }

    /** The same options, taking each call's sender from the parent jmcp this server runs a plugin for. */
    public ServerOptions withIdentityFromParent() {
        return new ServerOptions(name, version, pluginsDirectory, pageSize, maxMessageBytes, maxPendingRequests, reloadSettle,
                true, mountCache);
    }

    /** The same options, lazy mounts keeping their manifests in {@code folder}. */
    public ServerOptions withMountCache(Path folder) {
        return new ServerOptions(name, version, pluginsDirectory, pageSize, maxMessageBytes, maxPendingRequests, reloadSettle,
                identityFromParent, folder);
    }
}

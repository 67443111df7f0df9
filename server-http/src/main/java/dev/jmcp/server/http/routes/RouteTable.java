package dev.jmcp.server.http.routes;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/** The routes of each HTTP transport, which {@link Routes#of} reads; transports held weakly. Thread-safe. */
final class RouteTable {
    static final Map<Object, Routes> BY_TRANSPORT = Collections.synchronizedMap(new WeakHashMap<>());

    private RouteTable() {
    }
}

package dev.jmcp.server.http;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * DNS-rebinding protection: "Servers MUST validate the Origin header on all incoming connections". A request passes
 * when its {@code Host} names a loopback address ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}, any port), the
 * bound host, or the host of an allowed origin; and its {@code Origin}, when present, is a loopback origin or one of
 * the allowed origins. Immutable and thread-safe.
 */
final class OriginGuard {
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1");

    private final Set<String> origins = new HashSet<>();
    private final Set<String> hosts = new HashSet<>(LOOPBACK);

    OriginGuard(String boundHost, List<String> allowedOrigins) {
        for (String origin : allowedOrigins) {
            String trimmed = strip(origin.trim());
            origins.add(trimmed.toLowerCase(Locale.ROOT));
            String host = originHost(trimmed);
            if (host != null) hosts.add(host);
        }
        String bound = bareHost(boundHost);
        if (bound != null && !bound.equals("0.0.0.0") && !bound.equals("::")) hosts.add(bound);
    }

    /** Null when the request may proceed, else the reason it is refused. */
    String check(String host, String origin) {
        if (host != null) {
            String name = bareHost(host);
            if (name == null || !hosts.contains(name)) return "Forbidden: Host '" + host + "' is not allowed";
        }
        if (origin != null) {
            String name = originHost(origin);
            boolean loopback = name != null && LOOPBACK.contains(name);
            if (!loopback && !origins.contains(strip(origin).toLowerCase(Locale.ROOT))) {
                return "Forbidden: Origin '" + origin + "' is not allowed (start the server with --allow-origin to allow it)";
            }
        }
        return null;
    }

    private static String strip(String origin) {
        return origin.endsWith("/") ? origin.substring(0, origin.length() - 1) : origin;
    }

    /** The host of {@code scheme://host[:port]}, lower case, without brackets; null when it has none. */
    static String originHost(String origin) {
        int scheme = origin.indexOf("://");
        if (scheme < 0) return null;
        int end = origin.indexOf('/', scheme + 3);
        return bareHost(end < 0 ? origin.substring(scheme + 3) : origin.substring(scheme + 3, end));
    }

    /** The host of {@code host[:port]} or {@code [v6]:port}, lower case, without brackets. */
    static String bareHost(String authority) {
        if (authority == null || authority.isEmpty()) return null;
        String host;
        if (authority.charAt(0) == '[') {
            int close = authority.indexOf(']');
            if (close < 0) return null;
            host = authority.substring(1, close);
        } else {
            int colon = authority.indexOf(':');
            // More than one colon without brackets: a bare IPv6 address (the bound host), not host:port.
            host = colon < 0 || authority.indexOf(':', colon + 1) >= 0 ? authority : authority.substring(0, colon);
        }
        return host.toLowerCase(Locale.ROOT);
    }
}

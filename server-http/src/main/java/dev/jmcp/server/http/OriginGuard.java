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
        this(boundHost, allowedOrigins, List.of());
    }

    /** As the two-argument form, and {@code allowedHosts} are accepted in {@code Host} (they allow no origin). */
    OriginGuard(String boundHost, List<String> allowedOrigins, List<String> allowedHosts) {
        for (String allowed : allowedHosts) {
            String host = bareHost(allowed.trim());
            if (host == null) throw new IllegalArgumentException("not a host name or address: '" + allowed + "'");
            hosts.add(host);
        }
        for (String origin : allowedOrigins) {
            String trimmed = strip(origin.trim());
            origins.add(trimmed.toLowerCase(Locale.ROOT));
            String host = originHost(trimmed);
            if (host != null) hosts.add(host);
        }
        String bound = bareHost(boundHost);
        if (bound != null && !bound.equals("0.0.0.0") && !bound.equals("::")) hosts.add(bound);
    }

    /**
     * Null when the request may proceed, else the reason it is refused. {@code hosts} and {@code origins} are every
     * value of those headers: a request must carry exactly one {@code Host} (an HTTP/1.0 request without one has no
     * name to check) and at most one {@code Origin}, since a second one could be what a browser or proxy acts on.
     */
    String check(List<String> hosts, List<String> origins) {
        if (hosts.isEmpty()) return "Forbidden: the request has no Host header";
        if (hosts.size() > 1) return "Forbidden: the request has more than one Host header";
        if (origins.size() > 1) return "Forbidden: the request has more than one Origin header";
        return check(hosts.getFirst(), origins.isEmpty() ? null : origins.getFirst());
    }

    /** Null when the request may proceed, else the reason it is refused. */
    String check(String host, String origin) {
        if (host == null) return "Forbidden: the request has no Host header";
        String name = bareHost(host);
        if (name == null || !hosts.contains(name)) {
            return "Forbidden: Host '" + host + "' is not allowed (start the server with --allow-host to allow it)";
        }
        if (origin != null) {
            String originName = originHost(origin);
            boolean loopback = originName != null && LOOPBACK.contains(originName);
            if (!loopback && !origins.contains(strip(origin).toLowerCase(Locale.ROOT))) {
                return "Forbidden: Origin '" + origin + "' is not allowed (start the server with --allow-origin to allow it)";
            }
        }
        return null;
    }

    private static String strip(String origin) {
        return origin.endsWith("/") ? origin.substring(0, origin.length() - 1) : origin;
    }

    /**
     * The host of an origin {@code scheme://host[:port]} (RFC 6454: no user info, no path beyond a trailing slash),
     * lower case, without brackets; null when the origin has another shape, such as
     * {@code http://localhost:80@evil.com}, whose host is {@code evil.com}.
     */
    static String originHost(String origin) {
        int scheme = origin.indexOf("://");
        if (scheme <= 0) return null;
        for (int i = 0; i < scheme; i++) {
            char c = origin.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.') || c > 127) return null;
        }
        return bareHost(strip(origin.substring(scheme + 3)));
    }

    /**
     * The host of {@code host[:port]} or {@code [v6]:port}, lower case, without brackets; null unless the authority
     * is exactly that (letters, digits, dots, hyphens; a decimal port), so user info or a path never passes.
     */
    static String bareHost(String authority) {
        if (authority == null || authority.isEmpty()) return null;
        String host;
        String port;
        if (authority.charAt(0) == '[') {
            int close = authority.indexOf(']');
            if (close < 0) return null;
            host = authority.substring(1, close);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty() && rest.charAt(0) != ':') return null;
            port = rest.isEmpty() ? "" : rest.substring(1);
            if (!isHostChars(host, true)) return null;
        } else {
            int colon = authority.indexOf(':');
            if (colon >= 0 && authority.indexOf(':', colon + 1) >= 0) {
                // More than one colon without brackets: a bare IPv6 address (the bound host), not host:port.
                host = authority;
                port = "";
                if (!isHostChars(host, true)) return null;
            } else {
                host = colon < 0 ? authority : authority.substring(0, colon);
                port = colon < 0 ? "" : authority.substring(colon + 1);
                if (!isHostChars(host, false)) return null;
            }
        }
        if (host.isEmpty() || port.length() > 5) return null;
        for (int i = 0; i < port.length(); i++) {
            if (port.charAt(i) < '0' || port.charAt(i) > '9') return null;
        }
        return host.toLowerCase(Locale.ROOT);
    }

    private static boolean isHostChars(String host, boolean ipv6) {
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                    || c == '-' || (ipv6 && (c == ':' || c == '%'));
            if (!ok) return false;
        }
        return true;
    }
}

package dev.jmcp.client.auth;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A Bearer challenge of {@code WWW-Authenticate} (RFC 6750, RFC 9728): {@code resource_metadata}, {@code scope},
 * {@code error}, {@code error_description}. Immutable.
 */
record Challenge(String resourceMetadata, String scope, String error, String description) {
    private static final Pattern PARAM = Pattern.compile("([A-Za-z_][A-Za-z0-9_-]*)\\s*=\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|[^,\\s]+)");

    static Challenge parse(String header) {
        if (header == null) return new Challenge(null, null, null, null);
        int bearer = header.toLowerCase(Locale.ROOT).indexOf("bearer");
        String params = bearer < 0 ? header : header.substring(bearer + "bearer".length());
        Map<String, String> values = new LinkedHashMap<>();
        var m = PARAM.matcher(params);
        while (m.find()) {
            String value = m.group(3) != null ? m.group(3).replaceAll("\\\\(.)", "$1") : m.group(2);
            values.putIfAbsent(m.group(1).toLowerCase(Locale.ROOT), value);
        }
        return new Challenge(values.get("resource_metadata"), values.get("scope"), values.get("error"),
                values.get("error_description"));
    }

    boolean insufficientScope() {
        return "insufficient_scope".equals(error);
    }
}

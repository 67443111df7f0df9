package dev.jmcp.server.http;

/**
 * The few checks the transports make on {@code Content-Type} and {@code Accept}. {@code Accept} is read as the list of
 * media ranges RFC 9110 defines (comma-separated, each {@code type/subtype} with optional parameters; {@code q=0}
 * means "not acceptable"), so {@code text/event-stream-x} or {@code application/json-seq} never pass for the real
 * types. Stateless.
 */
final class MediaTypes {
    static final String JSON = "application/json";
    static final String EVENT_STREAM = "text/event-stream";

    /**
     * The last {@code Accept} value {@link #acceptsPostAnswers} passed: a client sends the same one with every POST, so
     * it is parsed once, not split into ranges on every request.
     */
    private static volatile String lastPostAccept = JSON + ", " + EVENT_STREAM;

    private MediaTypes() {
    }

    /** {@code application/json}, with or without parameters such as {@code charset=utf-8}. */
    static boolean isJson(String contentType) {
        if (contentType == null) return false;
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return type.equalsIgnoreCase(JSON);
    }

    /**
     * "The client MUST include an Accept header, listing both application/json and text/event-stream": both, or
     * wildcards covering them. A request with no Accept header at all accepts anything (RFC 9110).
     */
    static boolean acceptsPostAnswers(String accept) {
        if (accept == null || accept.equals(lastPostAccept)) return true;
        boolean accepted = accepts(accept, "application", "json") && accepts(accept, "text", "event-stream");
        if (accepted) lastPostAccept = accept;
        return accepted;
    }

    /** "The client MUST include an Accept header, listing text/event-stream as a supported content type." */
    static boolean acceptsEventStream(String accept) {
        return accept != null && accepts(accept, "text", "event-stream");
    }

    /** Whether one of the ranges in {@code accept} covers {@code type/subtype} with a quality above zero. */
    static boolean accepts(String accept, String type, String subtype) {
        for (String range : accept.split(",", -1)) {
            String[] parts = range.split(";", -1);
            String name = parts[0].trim();
            int slash = name.indexOf('/');
            if (slash <= 0 || slash == name.length() - 1) continue;
            String rangeType = name.substring(0, slash);
            String rangeSubtype = name.substring(slash + 1);
            boolean covers = rangeType.equals("*") ? rangeSubtype.equals("*")
                    : rangeType.equalsIgnoreCase(type) && (rangeSubtype.equals("*") || rangeSubtype.equalsIgnoreCase(subtype));
            if (covers && !zeroQuality(parts)) return true;
        }
        return false;
    }

    private static boolean zeroQuality(String[] parameters) {
        for (int i = 1; i < parameters.length; i++) {
            String parameter = parameters[i].trim();
            if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
                try {
                    return Double.parseDouble(parameter.substring(2).trim()) <= 0;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }
}

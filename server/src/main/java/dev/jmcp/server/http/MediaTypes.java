package dev.jmcp.server.http;

/**
 * The few checks the transports make on {@code Content-Type} and {@code Accept}: plain substring tests, no parsing,
 * nothing allocated. Stateless.
 */
final class MediaTypes {
    static final String JSON = "application/json";
    static final String EVENT_STREAM = "text/event-stream";

    private MediaTypes() {
    }

    /** {@code application/json}, with or without parameters such as {@code charset=utf-8}. */
    static boolean isJson(String contentType) {
        if (contentType == null || !contentType.regionMatches(true, 0, JSON, 0, JSON.length())) return false;
        if (contentType.length() == JSON.length()) return true;
        char next = contentType.charAt(JSON.length());
        return next == ';' || next == ' ';
    }

    /**
     * "The client MUST include an Accept header, listing both application/json and text/event-stream": both, or
     * wildcards covering them. A request with no Accept header at all accepts anything (RFC 9110).
     */
    static boolean acceptsPostAnswers(String accept) {
        if (accept == null) return true;
        boolean any = contains(accept, "*/*");
        return (any || contains(accept, JSON) || contains(accept, "application/*"))
                && (any || contains(accept, EVENT_STREAM) || contains(accept, "text/*"));
    }

    /** "The client MUST include an Accept header, listing text/event-stream as a supported content type." */
    static boolean acceptsEventStream(String accept) {
        return accept != null && (contains(accept, EVENT_STREAM) || contains(accept, "text/*") || contains(accept, "*/*"));
    }

    private static boolean contains(String header, String token) {
        int last = header.length() - token.length();
        for (int i = 0; i <= last; i++) {
            if (header.regionMatches(true, i, token, 0, token.length())) return true;
        }
        return false;
    }
}

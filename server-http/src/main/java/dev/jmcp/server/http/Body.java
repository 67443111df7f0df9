package dev.jmcp.server.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A POST body read whole, at most {@code max} bytes: {@code length} bytes of {@code bytes}. Reading blocks the
 * handler's virtual thread.
 */
record Body(byte[] bytes, int length) {

    /** The body, or null when it is larger than {@code max} (by its Content-Length or by what arrived). */
    static Body read(Request request, int max) throws IOException {
        long declared = request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH);
        if (declared > max) return null;
        byte[] buffer = new byte[declared >= 0 ? (int) declared : Math.min(max, 8192)];
        int length = 0;
        try (InputStream in = Content.Source.asInputStream(request)) {
            while (true) {
                // A body as long as its Content-Length is whole: HTTP frames it so, and no read is needed to see the
                // end (one that grew the buffer first cost every POST a second array and a copy).
                if (length == declared) break;
                if (length == buffer.length) {
                    if (length >= max) {
                        if (in.read() < 0) break;
                        return null;
                    }
                    buffer = Arrays.copyOf(buffer, (int) Math.min(max, Math.max(1024L, buffer.length * 2L)));
                }
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) break;
                length += n;
            }
        }
        return new Body(buffer, length);
    }
}

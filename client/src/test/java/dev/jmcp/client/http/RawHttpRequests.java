package dev.jmcp.client.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** HTTP/1.1 requests read off a raw socket by tests whose server must control every byte of its answers. */
final class RawHttpRequests {

    private RawHttpRequests() {
    }

    /** One request's line and body (as long as its Content-Length), or null at the end of the connection. */
    static String[] readRequest(InputStream in) throws IOException {
        String requestLine = readLine(in);
        if (requestLine == null || requestLine.isEmpty()) return null;
        int length = 0;
        String line;
        while ((line = readLine(in)) != null && !line.isEmpty()) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) length = Integer.parseInt(lower.substring(15).strip());
        }
        return new String[] {requestLine, new String(in.readNBytes(length), StandardCharsets.UTF_8)};
    }

    private static String readLine(InputStream in) throws IOException {
        var bytes = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') if (c != '\r') bytes.write(c);
        if (c == -1 && bytes.size() == 0) return null;
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}

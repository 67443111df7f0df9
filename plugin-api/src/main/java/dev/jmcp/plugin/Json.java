package dev.jmcp.plugin;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;

import java.nio.charset.StandardCharsets;

/**
 * JSON text for plugins, as plain trees: {@link java.util.Map}, {@link java.util.List}, {@link String},
 * {@link Number}, {@link Boolean} and null. Text a plugin got from elsewhere (a web API's answer, a file) is read into
 * such a tree, and a tree a plugin built is written as text (a resource's JSON body). It is the server's own codec
 * (with its bounds on size and nesting), so a plugin needs no JSON library of its own and no parser or escaping of its
 * own; mapping to and from a plugin's own types is not offered, as the server's codec cannot see a plugin's classes.
 * Thread-safe.
 */
public final class Json {
    private Json() {
    }

    /**
     * The tree of one JSON text in UTF-8.
     *
     * @throws IllegalArgumentException {@code utf8} is not one JSON text; the message says where it broke
     */
    public static Object parse(byte[] utf8) {
        try {
            return JsonCodec.shared().parse(utf8);
        } catch (JsonRpcException e) {
            String message = e.getMessage();
            throw new IllegalArgumentException(message.startsWith("Parse error: ") ? message.substring(13) : message, e);
        }
    }

    /** The tree of one JSON text; see {@link #parse(byte[])}. */
    public static Object parse(String json) {
        return parse(json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * One JSON text (UTF-16, compact) of a plain tree; strings are escaped as JSON requires, and a map's entries keep
     * the map's order.
     *
     * @throws IllegalArgumentException {@code tree} holds something other than the types above
     */
    public static String write(Object tree) {
        return JsonCodec.shared().writeValueAsString(tree);
    }
}

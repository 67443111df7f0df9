package dev.jmcp.plugins.everything;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.RecordingRegistrar;

import java.util.List;
import java.util.Map;

/** The everything plugin registered once into a {@link RecordingRegistrar}, and the wire form of what it returns. */
final class Fixture {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private Fixture() {
    }

    static RecordingRegistrar registered() {
        var registrar = new RecordingRegistrar();
        new EverythingPlugin().register(registrar);
        return registrar;
    }

    /** {@code value} as the JSON tree the server would put on the wire. */
    static Map<String, Object> wire(Object value) {
        return CODEC.toTree(value);
    }

    /** {@code tree} seen as a JSON object, for assertions. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object tree) {
        return (Map<String, Object>) tree;
    }

    /** {@code tree} seen as a JSON array, for assertions. */
    @SuppressWarnings("unchecked")
    static List<Object> list(Object tree) {
        return (List<Object>) tree;
    }

    static Object json(String text) {
        return CODEC.parse(text);
    }
}

package dev.jmcp.protocol.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.ResourceContents;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcAnswer;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import dev.jmcp.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.JsonRpcNotification;
import dev.jmcp.protocol.jsonrpc.JsonRpcRequest;
import dev.jmcp.protocol.jsonrpc.JsonRpcResponse;
import dev.jmcp.protocol.jsonrpc.RequestId;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes JSON-RPC messages and maps protocol records to and from JSON trees. Immutable and thread-safe;
 * one instance ({@link #shared()}) serves the whole process.
 *
 * <p>Reading is in two steps so that every failure gets the error the specification names: {@link #parse} turns bytes
 * into a JSON tree (or throws -32700), {@link #toMessage} turns a tree into a message (or throws -32600, carrying the
 * id when one could be read).
 */
public final class JsonCodec {
    /** The deepest nesting of arrays and objects accepted in one message. */
    public static final int MAX_NESTING_DEPTH = 200;

    private static final JsonCodec SHARED = new JsonCodec();

    private final ObjectMapper mapper;
    /**
     * The mapper's factory without its duplicate detection, for {@link TreeReader}, which finds a name given twice
     * itself: the parser's detector makes an object and, past two names, a hash set for every object of a message.
     */
    private final JsonFactory treeFactory;

    private JsonCodec() {
        var factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_NESTING_DEPTH)
                        .maxStringLength(Integer.MAX_VALUE)
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                // Every request runs on a new virtual thread, so Jackson's default per-thread buffers would be made
                // afresh for each message (18 KB per response, measured in bench/RESULTS.md); share them instead.
                .recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool())
                // Parse errors come from untrusted input: keep its text out of messages so they stay short.
                .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .build();
        mapper = JsonMapper.builder(factory)
                .propertyNamingStrategy(new MetaNaming())
                .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.USE_DEFAULTS))
                .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
                .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(MapperFeature.AUTO_DETECT_IS_GETTERS)
                .addMixIn(Content.class, ContentMixin.class)
                .addMixIn(dev.jmcp.protocol.SamplingContent.class, SamplingContentMixin.class)
                .addMixIn(dev.jmcp.protocol.SamplingMessage.class, SampledContentMixin.class)
                .addMixIn(dev.jmcp.protocol.CreateMessageResult.class, SampledContentMixin.class)
                .addMixIn(ResourceContents.class, ResourceContentsMixin.class)
                .addModule(new SimpleModule("jmcp-long-strings").addSerializer(String.class, LongStrings.INSTANCE)
                        .addSerializer(EncodedOnce.class, EncodedOnce.SERIALIZER))
                .build();
        treeFactory = mapper.getFactory().rebuild().disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    }

    public static JsonCodec shared() {
        return SHARED;
    }

    /** Parses one JSON text into a tree. Throws -32700 (parse error) with a message naming where it broke. */
    public Object parse(byte[] bytes, int offset, int length) {
        int invalid = Utf8.firstInvalid(bytes, offset, length);
        if (invalid >= 0) {
            throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: " + (bytes[invalid] == 0
                    ? "a NUL byte at byte " + (invalid - offset) + " (JSON text has no raw control characters)"
                    : "invalid UTF-8 at byte " + (invalid - offset)
                            + " (overlong forms, encoded surrogates and truncated sequences are not accepted)"));
        }
        try (JsonParser parser = treeFactory.createParser(bytes, offset, length)) {
            return TreeReader.read(parser);
        } catch (JsonProcessingException e) {
            throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: " + describe(e));
        } catch (IOException e) {
            // Reading from memory fails only on the bytes themselves (an encoding Jackson guessed and could not decode).
            throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: the message is not UTF-8 JSON text");
        }
    }

    public Object parse(byte[] bytes) {
        return parse(bytes, 0, bytes.length);
    }

    public Object parse(String json) {
        try (JsonParser parser = treeFactory.createParser(json)) {
            return TreeReader.read(parser);
        } catch (JsonProcessingException e) {
            throw new JsonRpcException(ErrorCodes.PARSE_ERROR, "Parse error: " + describe(e));
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // a String is read from memory: nothing to fail but the JSON itself
        }
    }

    /**
     * Turns a parsed tree into one JSON-RPC message. Throws {@link InvalidMessageException} (-32600) when the tree is
     * not a JSON-RPC 2.0 message; the exception carries the request id when one could be read.
     */
    public JsonRpcMessage toMessage(Object tree) {
        return Envelope.read(tree);
    }

    /** Parses bytes holding a single message (not a batch). */
    public JsonRpcMessage decode(byte[] bytes) {
        Object tree = parse(bytes);
        if (tree instanceof List<?>) {
            throw new JsonRpcException(ErrorCodes.INVALID_REQUEST, "Invalid request: a batch (JSON array) is not accepted here");
        }
        return toMessage(tree);
    }

    public JsonRpcMessage decode(String json) {
        return decode(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Writes one message as compact JSON (no line breaks, so it frames on stdio). */
    public void write(JsonRpcMessage message, OutputStream out) throws IOException {
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            writeMessage(g, message);
        }
    }

    /**
     * One message as JSON bytes. A response whose result or error data cannot be written as JSON (a plugin put a value
     * there that is no JSON) becomes a -32603 error response for the same id, so the request still gets its one
     * answer and the stream stays whole; a notification or request that cannot be written throws
     * {@link IllegalArgumentException}.
     */
    public byte[] encode(JsonRpcMessage message) {
        try {
            return encodeExactly(message);
        } catch (JsonProcessingException e) {
            RequestId id = switch (message) {
                case JsonRpcAnswer answer -> answer.id();
                case JsonRpcRequest r -> throw new IllegalArgumentException("cannot write request " + r.method()
                        + " as JSON: " + describe(e), e);
                case JsonRpcNotification n -> throw new IllegalArgumentException("cannot write notification "
                        + n.method() + " as JSON: " + describe(e), e);
            };
            try {
                return encodeExactly(new JsonRpcErrorResponse(id, new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                        "Internal error: the answer could not be written as JSON (" + describe(e) + ")")));
            } catch (JsonProcessingException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }

    /** Several messages as one JSON array (a batch answer), each written as {@link #encode} writes it. */
    public byte[] encodeBatch(List<? extends JsonRpcMessage> messages) {
        var out = new ByteArrayOutputStream(256 * messages.size() + 2);
        out.write('[');
        for (int i = 0; i < messages.size(); i++) {
            if (i > 0) out.write(',');
            out.writeBytes(encode(messages.get(i)));
        }
        out.write(']');
        return out.toByteArray();
    }

    private byte[] encodeExactly(JsonRpcMessage message) throws JsonProcessingException {
        // Jackson's builder grows by appending blocks (at most 128 KiB each) instead of doubling one array and copying
        // it each time: a 1 MiB answer allocates its blocks and the array returned, not 2 MiB of doublings as well.
        var out = new ByteArrayBuilder(512);
        try {
            write(message, out);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public String encodeToString(JsonRpcMessage message) {
        return new String(encode(message), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes any value (a tree or a protocol record) as JSON text. */
    public String writeValueAsString(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + describe(e), e);
        }
    }

    /**
     * {@code value} encoded now, as an object this codec writes as those bytes wherever it is sent: for a result that
     * is the same every time (the answer to {@code initialize}), so that it is not walked field by field, by
     * reflection, for each of the thousands of sessions a client may open. Only {@link #encode} and its kin read it.
     */
    public Object encodedOnce(Object value) {
        return new EncodedOnce(new SerializedString(writeValueAsString(value)));
    }

    /**
     * Reads one JSON text straight into a record of {@code type}, without the tree {@link #parse} and
     * {@link #fromTree} would build in between (for text that comes from a plugin, not a client). Throws
     * {@link IllegalArgumentException} with a message naming where the text broke or which field does not fit.
     */
    public <T> T read(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(describe(e), e);
        }
    }

    /** Maps a protocol record (or any value) to a JSON tree of maps, lists and scalars. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> toTree(Object value) {
        return mapper.convertValue(value, Map.class);
    }

    /**
     * Maps a JSON tree to a record of {@code type}. Throws {@link IllegalArgumentException} with a message naming the
     * offending field when the tree does not fit.
     */
    public <T> T fromTree(Object tree, Class<T> type) {
        try {
            return mapper.convertValue(tree, type);
        } catch (IllegalArgumentException e) {
            Throwable cause = e.getCause() instanceof JsonProcessingException jpe ? jpe : e;
            String message = cause instanceof JsonProcessingException jpe ? describe(jpe) : ReadableErrors.rewrite(e.getMessage());
            throw new IllegalArgumentException(message, e);
        }
    }

    private void writeMessage(JsonGenerator g, JsonRpcMessage message) throws IOException {
        g.writeStartObject();
        g.writeStringField("jsonrpc", "2.0");
        switch (message) {
            case JsonRpcRequest r -> {
                writeId(g, r.id());
                g.writeStringField("method", r.method());
                if (r.params() != null) {
                    g.writeFieldName("params");
                    mapper.writeValue(g, r.params());
                }
            }
            case JsonRpcNotification n -> {
                g.writeStringField("method", n.method());
                if (n.params() != null) {
                    g.writeFieldName("params");
                    mapper.writeValue(g, n.params());
                }
            }
            case JsonRpcResponse r -> {
                writeId(g, r.id());
                g.writeFieldName("result");
                if (TextResults.plain(r.result())) TextResults.write(g, (CallToolResult) r.result());
                else mapper.writeValue(g, r.result());
            }
            case JsonRpcErrorResponse e -> {
                writeId(g, e.id());
                JsonRpcError error = e.error();
                g.writeObjectFieldStart("error");
                g.writeNumberField("code", error.code());
                g.writeStringField("message", error.message());
                if (error.data() != null) {
                    g.writeFieldName("data");
                    mapper.writeValue(g, error.data());
                }
                g.writeEndObject();
            }
        }
        g.writeEndObject();
    }

    private static void writeId(JsonGenerator g, RequestId id) throws IOException {
        switch (id) {
            case null -> g.writeNullField("id");
            case RequestId.Text t -> g.writeStringField("id", t.value());
            case RequestId.Number n -> g.writeNumberField("id", n.value());
        }
    }

    static String describe(JsonProcessingException e) {
        String message = ReadableErrors.rewrite(e.getOriginalMessage());
        var location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            message += " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
        }
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException jme && !jme.getPath().isEmpty()) {
            var path = new StringBuilder();
            for (var ref : jme.getPath()) {
                if (ref.getFieldName() != null) path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
                else if (ref.getIndex() >= 0) path.append('[').append(ref.getIndex()).append(']');
            }
            message = "at '" + path + "': " + message;
        }
        return message;
    }
}

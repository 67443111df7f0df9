package dev.jmcp.protocol.json;

import dev.jmcp.protocol.AudioContent;
import dev.jmcp.protocol.CacheHint;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.CompleteResult;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.DiscoverResult;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.EmbeddedResource;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.ImageContent;
import dev.jmcp.protocol.InputRequiredResult;
import dev.jmcp.protocol.ListPromptsResult;
import dev.jmcp.protocol.ListResourceTemplatesResult;
import dev.jmcp.protocol.ListResourcesResult;
import dev.jmcp.protocol.ListToolsResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceLink;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.SamplingMessage;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.WireShape;
import dev.jmcp.protocol.jsonrpc.JsonRpcError;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The specification's own example messages as golden vectors: each decodes into its record and encodes back to the
 * same JSON.
 */
class SpecExamplesTest {
    private static final Path EXAMPLES = locate();
    private static final JsonCodec CODEC = JsonCodec.shared();


    /**
     * The examples are copied into this module's test resources (from the specification repository's
     * {@code schema/2026-07-28/examples}), so the test needs nothing beside the clone.
     */
    private static Path locate() {
        var url = SpecExamplesTest.class.getResource("/spec/2026-07-28/examples");
        if (url == null) throw new IllegalStateException("test resource spec/2026-07-28/examples is missing");
        try {
            return Path.of(url.toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final Map<String, Class<?>> RECORDS = Map.ofEntries(
            Map.entry("AudioContent", AudioContent.class),
            Map.entry("BlobResourceContents", BlobResourceContents.class),
            Map.entry("CallToolResult", CallToolResult.class),
            Map.entry("CompleteResult", CompleteResult.class),
            Map.entry("CreateMessageResult", CreateMessageResult.class),
            Map.entry("DiscoverResult", DiscoverResult.class),
            Map.entry("InputRequiredResult", InputRequiredResult.class),
            Map.entry("ElicitResult", ElicitResult.class),
            Map.entry("EmbeddedResource", EmbeddedResource.class),
            Map.entry("GetPromptResult", GetPromptResult.class),
            Map.entry("ImageContent", ImageContent.class),
            Map.entry("ListPromptsResult", ListPromptsResult.class),
            Map.entry("ListResourceTemplatesResult", ListResourceTemplatesResult.class),
            Map.entry("ListResourcesResult", ListResourcesResult.class),
            Map.entry("ListToolsResult", ListToolsResult.class),
            Map.entry("ReadResourceResult", ReadResourceResult.class),
            Map.entry("Resource", Resource.class),
            Map.entry("ResourceLink", ResourceLink.class),
            Map.entry("Root", Root.class),
            Map.entry("SamplingMessage", SamplingMessage.class),
            Map.entry("TextContent", TextContent.class),
            Map.entry("TextResourceContents", TextResourceContents.class),
            Map.entry("Tool", Tool.class),
            Map.entry("ParseError", JsonRpcError.class),
            Map.entry("MethodNotFoundError", JsonRpcError.class),
            Map.entry("InvalidParamsError", JsonRpcError.class),
            Map.entry("InternalError", JsonRpcError.class));

    /** Examples that are whole JSON-RPC messages: they go through the envelope codec. */
    private static final Set<String> MESSAGES = Set.of("MissingRequiredClientCapabilityError",
            "UnsupportedProtocolVersionError", "HeaderMismatchError");

    /**
     * Each example decodes into its record and encodes back to the same JSON. A complete result of 2026-07-28 goes out
     * through {@link WireShape}, as the server writes it: {@code resultType}, and the cache hint it carries.
     */
    @TestFactory
    Stream<DynamicTest> recordsRoundTripTheSpecificationsExamples() throws IOException {
        var tests = new ArrayList<DynamicTest>();
        for (var entry : RECORDS.entrySet()) {
            try (var files = Files.list(EXAMPLES.resolve(entry.getKey()))) {
                for (Path file : files.sorted().toList()) {
                    String name = entry.getKey() + "/" + file.getFileName();
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        Object tree = CODEC.parse(Files.readAllBytes(file));
                        Object record = CODEC.fromTree(tree, entry.getValue());
                        // Through text and back, so a number compares by value (Long 5 and Integer 5 alike).
                        assertThat(CODEC.parse(CODEC.writeValueAsString(asWritten(record, tree)))).isEqualTo(tree);
                    }));
                }
            }
        }
        for (String kind : MESSAGES) {
            try (var files = Files.list(EXAMPLES.resolve(kind))) {
                for (Path file : files.sorted().toList()) {
                    tests.add(DynamicTest.dynamicTest(kind + "/" + file.getFileName(), () -> {
                        byte[] bytes = Files.readAllBytes(file);
                        assertThat(CODEC.parse(CODEC.encode(CODEC.decode(bytes)))).isEqualTo(CODEC.parse(bytes));
                    }));
                }
            }
        }
        assertThat(tests).hasSizeGreaterThan(40);
        return tests.stream();
    }

    @SuppressWarnings("unchecked")
    private static Object asWritten(Object record, Object example) {
        Map<String, Object> tree = CODEC.toTree(record);
        if (!(example instanceof Map<?, ?> map) || !"complete".equals(map.get("resultType"))) return tree;
        return WireShape.complete(tree, ProtocolVersion.V2026_07_28, CacheHint.of((Map<String, Object>) map));
    }
}

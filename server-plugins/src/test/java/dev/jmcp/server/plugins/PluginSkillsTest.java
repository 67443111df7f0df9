package dev.jmcp.server.plugins;

import dev.jmcp.plugin.Skill;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;
import dev.jmcp.protocol.jsonrpc.RequestId;
import dev.jmcp.server.McpServer;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.observe.CallInfo;
import dev.jmcp.server.observe.CallSpan;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.transport.Connection;
import dev.jmcp.server.transport.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The skills extension (SEP-2640) on 2026-07-28, over a connection with no initialize, with skills a JAR plugin
 * declares (built in a temporary plugins folder, loaded by the server), served through what an embedder uses:
 * {@link McpServer} and a transport of one's own ({@link Session}, {@link Connection}).
 */
@Timeout(60)
class PluginSkillsTest {
    private static final String V = "2026-07-28";
    private static final String GREET = "skill://jmcp/greet/SKILL.md";

    @TempDir
    static Path folder;
    private static McpServer server;

    private final MemoryConnection client = new MemoryConnection();
    private Session session;
    private int ids;

    @BeforeAll
    static void start() throws Exception {
        Path plugins = Files.createDirectories(folder.resolve("plugins"));
        TestPlugins.plugin("skills", """
                var files = new LinkedHashMap<String, byte[]>();
                files.put("scripts/greet.sh", "echo hello\\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                files.put("scripts/lib/names.txt", "Ada\\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                files.put("logo.bin", new byte[] {(byte) 0xff, 0, (byte) 0xfe});
                registrar.skill(new Skill("greet", "Says hello: \\"politely\\".", "# Greet\\n\\nSay hello.\\n", files));
                for (String name : List.of("alpha", "beta", "gamma")) {
                    registrar.skill(new Skill(name, "Skill " + name, "Do " + name + ".", Map.of()));
                }
                """).writeTo(plugins.resolve("skills.jar"));
        server = new McpServer(ServerOptions.defaults("skills-test", plugins).withPageSize(2));
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @BeforeEach
    void open() {
        session = server.openSession(client);
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void discoverDeclaresTheSkillsExtensionWithDirectoryRead() throws Exception {
        Map<String, Object> capabilities = object(result(request("server/discover", Map.of())).get("capabilities"));
        assertThat(object(capabilities.get("extensions")).get("io.modelcontextprotocol/skills"))
                .isEqualTo(Map.of("directoryRead", true));
        assertThat(capabilities).containsKey("resources");
    }

    @Test
    void discoverLeavesTheExtensionOutWhenNoPluginShipsASkill() throws Exception {
        var connection = new MemoryConnection();
        try (var empty = new McpServer(ServerOptions.defaults("no-skills",
                Files.createDirectories(folder.resolve("empty"))))) {
            empty.start();
            try (Session other = empty.openSession(connection)) {
                byte[] bytes = JsonCodec.shared().writeValueAsString(Map.of("jsonrpc", "2.0", "id", 1, "method",
                        "server/discover", "params", Map.of("_meta", Map.of("io.modelcontextprotocol/protocolVersion",
                                V, "io.modelcontextprotocol/clientCapabilities", Map.of()))))
                        .getBytes(StandardCharsets.UTF_8);
                other.receive(bytes, 0, bytes.length);
                Map<String, Object> capabilities = object(result(connection.nextObject()).get("capabilities"));
                assertThat(object(capabilities.get("extensions"))).containsOnlyKeys("io.modelcontextprotocol/tasks");
            }
        }
    }

    @Test
    void skillsListPagesEverySkillOnceInUriOrderWithCacheHints() throws Exception {
        var uris = new ArrayList<String>();
        String cursor = null;
        int pages = 0;
        do {
            Map<String, Object> params = cursor == null ? Map.of() : Map.of("cursor", cursor);
            Map<String, Object> page = result(request("skills/list", params));
            assertThat(page).containsEntry("resultType", "complete").containsKeys("ttlMs", "cacheScope");
            list(page.get("skills")).forEach(s -> uris.add((String) object(s).get("uri")));
            cursor = (String) page.get("nextCursor");
            pages++;
        } while (cursor != null && pages < 10);
        assertThat(pages).isEqualTo(2);
        assertThat(uris).containsExactly("skill://jmcp/alpha/SKILL.md", "skill://jmcp/beta/SKILL.md",
                "skill://jmcp/gamma/SKILL.md", GREET);
    }

    @Test
    void aSkillEntryListsEveryFileWithTheDigestAndSizeOfTheBytesReadBack() throws Exception {
        Map<String, Object> skill = object(result(request("skills/get", Map.of("uri", GREET))).get("skill"));
        assertThat(skill).containsEntry("uri", GREET)
                .containsEntry("frontmatter", Map.of("name", "greet", "description", "Says hello: \"politely\"."));
        var files = new LinkedHashMap<String, Map<String, Object>>();
        list(skill.get("resources")).forEach(r -> files.put((String) object(r).get("uri"), object(r)));
        assertThat(files).containsOnlyKeys(GREET, "skill://jmcp/greet/scripts/greet.sh",
                "skill://jmcp/greet/scripts/lib/names.txt", "skill://jmcp/greet/logo.bin");

        byte[] manifest = text(GREET).getBytes(StandardCharsets.UTF_8);
        assertThat(files.get(GREET)).containsEntry("digest", sha256(manifest)).containsEntry("size", manifest.length);
        Map<String, Object> logo = contents("skill://jmcp/greet/logo.bin");
        assertThat(logo).containsEntry("mimeType", "application/octet-stream").containsEntry("blob", "/wD+");
        assertThat(files.get("skill://jmcp/greet/logo.bin")).containsEntry("size", 3)
                .containsEntry("digest", sha256(new byte[] {(byte) 0xff, 0, (byte) 0xfe}));
    }

    @Test
    void aSkillsGetCallIsObservedWithTheSkillItsUriNames() throws Exception {
        var seen = new LinkedBlockingQueue<CallInfo>();
        server.observe(call -> {
            seen.add(call);
            return CallSpan.NONE;
        });
        result(request("skills/get", Map.of("uri", GREET)));
        CallInfo call = seen.poll(10, TimeUnit.SECONDS);
        assertThat(call).as("an observed call").isNotNull();
        assertThat(call.method()).isEqualTo("skills/get");
        assertThat(call.kind()).isEqualTo(Target.SKILL);
        assertThat(call.target()).as("the skill, by the URI skills/get takes").isEqualTo(GREET);
    }

    @Test
    void skillMdStartsWithFrontmatterAndIsListedAsMarkdownNamedByTheSkill() throws Exception {
        assertThat(text(GREET)).startsWith("---\nname: greet\ndescription: \"Says hello: \\\"politely\\\".\"\n---\n")
                .endsWith("# Greet\n\nSay hello.\n");
        var listed = all("resources/list", Map.of(), "resources");
        assertThat(listed).filteredOn(r -> GREET.equals(r.get("uri"))).singleElement()
                .satisfies(r -> assertThat(r).containsEntry("name", "greet")
                        .containsEntry("description", "Says hello: \"politely\".")
                        .containsEntry("mimeType", "text/markdown"));
    }

    @Test
    void anUnknownSkillIsInvalidParams() throws Exception {
        Map<String, Object> error = error(request("skills/get", Map.of("uri", "skill://jmcp/nope/SKILL.md")));
        assertThat(error).containsEntry("code", -32602);
    }

    @Test
    void directoryReadListsDirectChildrenWithSubdirectoriesAsDirectories() throws Exception {
        var children = new LinkedHashMap<String, Object>();
        all("resources/directory/read", Map.of("uri", "skill://jmcp/greet"), "resources")
                .forEach(r -> children.put((String) r.get("uri"), r.get("mimeType")));
        assertThat(children).containsExactly(Map.entry(GREET, "text/markdown"),
                Map.entry("skill://jmcp/greet/logo.bin", "application/octet-stream"),
                Map.entry("skill://jmcp/greet/scripts", "inode/directory"));

        assertThat(all("resources/directory/read", Map.of("uri", "skill://jmcp/greet/scripts/"), "resources"))
                .extracting(r -> r.get("uri"))
                .containsExactly("skill://jmcp/greet/scripts/greet.sh", "skill://jmcp/greet/scripts/lib");
    }

    @Test
    void directoryReadOfAFileOrAnUnknownPathIsInvalidParams() throws Exception {
        for (String uri : List.of(GREET, "skill://jmcp/greet/scripts/greet.sh", "skill://jmcp/greet/missing",
                "skill://jmcp/nobody")) {
            assertThat(error(request("resources/directory/read", Map.of("uri", uri)))).containsEntry("code", -32602);
        }
    }

    @Test
    void aSkillDeclaredTwiceOrWithABadNameOrPathIsRefused() {
        assertThatThrownBy(() -> TestRegistrars.declare(r -> {
            r.skill(new Skill("twice", "one", "", Map.of()));
            r.skill(new Skill("twice", "two", "", Map.of()));
        })).hasMessageContaining("skill 'twice' is declared twice");
        assertThatThrownBy(() -> new Skill("Bad--Name", "d", "", Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Skill("ok", "d", "", Map.of("../escape", new byte[0])))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Skill("ok", "d", "", Map.of("SKILL.md", new byte[0])))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Every item of {@code field} over the pages of {@code method}, following the cursors (at most 20 pages). */
    private List<Map<String, Object>> all(String method, Map<String, Object> params, String field) throws Exception {
        var items = new ArrayList<Map<String, Object>>();
        String cursor = null;
        int pages = 0;
        do {
            var paged = new LinkedHashMap<>(params);
            if (cursor != null) paged.put("cursor", cursor);
            Map<String, Object> page = result(request(method, paged));
            assertThat(page).containsEntry("resultType", "complete");
            list(page.get(field)).forEach(item -> items.add(object(item)));
            cursor = (String) page.get("nextCursor");
        } while (cursor != null && ++pages < 20);
        assertThat(cursor).as("pages end").isNull();
        return items;
    }

    private String text(String uri) throws Exception {
        return (String) contents(uri).get("text");
    }

    private Map<String, Object> contents(String uri) throws Exception {
        return object(list(result(request("resources/read", Map.of("uri", uri))).get("contents")).getFirst());
    }

    private static String sha256(byte[] bytes) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private Map<String, Object> request(String method, Map<String, Object> params) throws InterruptedException {
        int id = ++ids;
        var all = new LinkedHashMap<String, Object>(params);
        all.put("_meta", Map.of("io.modelcontextprotocol/protocolVersion", V,
                "io.modelcontextprotocol/clientCapabilities", Map.of()));
        byte[] bytes = JsonCodec.shared().writeValueAsString(Map.of("jsonrpc", "2.0", "id", id, "method", method,
                "params", all)).getBytes(StandardCharsets.UTF_8);
        session.receive(bytes, 0, bytes.length);
        Map<String, Object> message;
        do {
            message = client.nextObject();
        } while (!Integer.valueOf(id).equals(message.get("id")));
        return message;
    }

    private static Map<String, Object> result(Map<String, Object> response) {
        assertThat(response).containsKey("result");
        return object(response.get("result"));
    }

    private static Map<String, Object> error(Map<String, Object> response) {
        assertThat(response).containsKey("error");
        return object(response.get("error"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    private static List<Object> list(Object value) {
        assertThat(value).isInstanceOf(List.class);
        return new ArrayList<>((List<?>) value);
    }

    /** A connection whose messages land in a queue, as parsed JSON trees, as a client would read them. */
    private static final class MemoryConnection implements Connection {
        private final BlockingQueue<Object> received = new LinkedBlockingQueue<>();

        @Override
        public void send(JsonRpcMessage message, RequestId relatedRequest) {
            received.add(JsonCodec.shared().parse(JsonCodec.shared().encode(message)));
        }

        @Override
        public void sendBatch(List<JsonRpcMessage> responses) {
            received.add(JsonCodec.shared().parse(JsonCodec.shared().encodeBatch(responses)));
        }

        /** The next message, waiting at most 10 s. */
        @SuppressWarnings("unchecked")
        Map<String, Object> nextObject() throws InterruptedException {
            Object message = received.poll(10, TimeUnit.SECONDS);
            if (message == null) throw new AssertionError("no message from the server within 10 s");
            return (Map<String, Object>) message;
        }
    }
}

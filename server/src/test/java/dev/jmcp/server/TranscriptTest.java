package dev.jmcp.server;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.engine.Engine;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden transcripts, one per revision: a fixed script of requests (well-formed and not) sent to the engine over a
 * connection, and every answer compared, byte for byte in canonical form, with the one recorded in
 * {@code src/test/resources/transcripts/<revision>.jsonl}. Any change to what a revision sees on the wire shows up here
 * as a diff to review. After an intended change, record again with {@code -Dtranscripts.record=true} and read the diff.
 */
@Timeout(60)
class TranscriptTest {
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final String META = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"transcript\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"})
    void eachRevisionAnswersTheScriptAsRecorded(String revision) throws Exception {
        boolean stateless = revision.equals("2026-07-28");
        List<String> script = resource(stateless ? "stateless.jsonl" : "stateful.jsonl").lines()
                .map(line -> line.replace("$VERSION", revision).replace("$META", META)).toList();
        List<String> answers = play(script);
        Path recorded = Path.of("src/test/resources/transcripts", revision + ".jsonl");
        if (Boolean.getBoolean("transcripts.record")) {
            Files.writeString(recorded, String.join("\n", answers) + "\n");
            return;
        }
        List<String> expected = resource(revision + ".jsonl").lines().toList();
        for (int i = 0; i < Math.max(expected.size(), answers.size()); i++) {
            assertThat(i < answers.size() ? answers.get(i) : "(nothing)")
                    .as("%s, the answer to %s", revision, i < script.size() ? script.get(i) : "(nothing sent)")
                    .isEqualTo(i < expected.size() ? expected.get(i) : "(nothing recorded)");
        }
    }

    /** Sends each line; a request's answer (or the note that a notification got none) is one line of the result. */
    private static List<String> play(List<String> script) throws Exception {
        var plugins = new TestContributions();
        Registry registry = Registry.of(List.of(plugins.contribution(0)));
        var options = ServerOptions.defaults("transcript-server", Path.of("unused"));
        var client = new MemoryConnection();
        ServerSession session = new Engine(options, () -> registry, Methods.table(options)).openSession(client);
        var answers = new ArrayList<String>();
        try {
            for (String line : script) {
                byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
                session.receive(bytes, 0, bytes.length);
                boolean request = CODEC.parse(bytes) instanceof Map<?, ?> message && message.containsKey("id");
                answers.add(request ? canonical(client.next()) : "(no answer to a notification)");
            }
            Object stray = client.poll(200);
            assertThat(stray).as("nothing beyond the answers").isNull();
        } finally {
            session.close();
        }
        return answers;
    }

    /** The message with its object keys sorted and the one value made fresh each run (a sealed request state) blanked. */
    private static String canonical(Object message) {
        return CODEC.writeValueAsString(sorted(message));
    }

    private static Object sorted(Object value) {
        return switch (value) {
            case Map<?, ?> map -> {
                var sorted = new TreeMap<String, Object>();
                map.forEach((key, item) -> sorted.put(String.valueOf(key),
                        key.equals("requestState") ? "<sealed per run>" : sorted(item)));
                yield sorted;
            }
            case List<?> list -> list.stream().map(TranscriptTest::sorted).toList();
            case null, default -> value;
        };
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TranscriptTest.class.getResourceAsStream("/transcripts/" + name)) {
            if (in == null) return "";
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

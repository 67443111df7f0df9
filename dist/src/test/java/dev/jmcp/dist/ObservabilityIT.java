package dev.jmcp.dist;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an operator sees of a running server, against the assembled distribution: one structured line per call, the
 * log file as JSON lines or rolled over by size, and Flight Recorder and JMX available in the bundled runtime.
 */
@Timeout(120)
class ObservabilityIT {
    @TempDir
    Path work;

    private McpProcess server;

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    private McpProcess serve(Map<String, String> env, String... extra) throws Exception {
        server = Distribution.serve(Distribution.bundledPlugins(), env, work, extra);
        server.initialize("2025-11-25", Map.of());
        return server;
    }

    @Test
    void eachCallIsOneStructuredLineWithItsPluginOutcomeAndDuration() throws Exception {
        serve(Map.of(), "--log-calls");
        server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)));
        server.request("tools/call", Map.of("name", "no_such_tool", "arguments", Map.of()));
        server.request("resources/read", Map.of("uri", "nowhere:///x"));
        assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        String log = server.stderr();
        assertThat(log).containsPattern("call method=initialize session=\\d+ id=\\d+ outcome=ok duration_ms=\\d+\\.\\d{3}");
        assertThat(log).containsPattern("call method=tools/call target=sleep plugin=sleep session=\\d+ "
                + "revision=2025-11-25 id=\\d+ outcome=ok duration_ms=\\d+\\.\\d{3}");
        assertThat(log).containsPattern("call method=tools/call target=no_such_tool session=\\d+ revision=2025-11-25 "
                + "id=\\d+ outcome=(error|tool_error)");
        assertThat(log).containsPattern("call method=resources/read target=nowhere:///x .* outcome=error code=-32002 "
                + "error=\"[^\"]+\" duration_ms=");
        assertThat(server.nonProtocolLines()).isEmpty();
    }

    @Test
    void theLogFileCanBeJsonLines() throws Exception {
        Path logs = work.resolve("logs");
        serve(Map.of(), "--log-calls", "-l", logs.toString(), "--log-format", "json");
        server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)));
        assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        List<Path> files;
        try (var list = Files.list(logs)) {
            files = list.toList();
        }
        assertThat(files).singleElement().satisfies(f -> assertThat(f.toString()).endsWith(".jsonl"));
        List<String> lines = Files.readAllLines(files.getFirst(), StandardCharsets.UTF_8);
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            @SuppressWarnings("unchecked")
            var entry = (Map<String, Object>) JsonCodec.shared().parse(line.getBytes(StandardCharsets.UTF_8));
            assertThat(entry).containsKeys("time", "level", "logger", "message");
        }
        assertThat(lines).anyMatch(l -> l.contains("call method=tools/call target=sleep"));
    }

    @Test
    void theTextLogFileRollsOverBySizeKeepingTheNewest() throws Exception {
        Path logs = work.resolve("rolling");
        serve(Map.of(), "--log-calls", "-l", logs.toString(), "--log-max-size", "2KiB", "--log-keep", "2");
        for (int i = 0; i < 40; i++) {
            server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)));
        }
        assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        try (var list = Files.list(logs)) {
            List<Path> files = list.toList();
            assertThat(files.size()).as(files.toString()).isBetween(2, 3);
            for (Path file : files) assertThat(Files.size(file)).isLessThan(2 * 2048);
        }
    }

    @Test
    void flightRecorderAndJmxWorkWithTheBundledRuntime() throws Exception {
        Path recording = work.resolve("jmcp.jfr");
        serve(Map.of("JMCP_OPTS", "-XX:StartFlightRecording=filename=" + recording + ",dumponexit=true"));
        server.call("tools/call", Map.of("name", "sleep", "arguments", Map.of("milliseconds", 1)));
        Path bin = Distribution.HOME.resolve("runtime/bin");
        String jcmd = run(bin.resolve("jcmd").toString(), String.valueOf(server.pid()), "ManagementAgent.start_local");
        assertThat(jcmd).doesNotContain("Exception");
        assertThat(run(bin.resolve("jcmd").toString(), String.valueOf(server.pid()), "ManagementAgent.status"))
                .contains("Agent: enabled");
        assertThat(server.closeInputAndWait(Duration.ofSeconds(30))).isZero();
        assertThat(recording).exists();
        assertThat(run(bin.resolve("jfr").toString(), "summary", recording.toString())).contains("jdk.ExecutionSample");
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
        return output;
    }
}

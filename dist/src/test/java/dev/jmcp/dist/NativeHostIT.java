package dev.jmcp.dist;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Native libraries served by the shipped {@code bin/jmcp serve} through its native host program: the rough habits of
 * libraries written for a host that did not care (printing to stdout, leaking, crashing, starting slowly), the
 * limits of the {@code .so.json} beside them, and what reaches the client (log messages once, progress tokens only
 * when it sent one, crashes in one short sentence, no file left in the working directory).
 */
@Timeout(120)
class NativeHostIT {
    private static final Path NATIVE = Path.of(System.getProperty("jmcp.native-samples",
            "../plugins/native-samples/target/classes/native")).toAbsolutePath();

    @TempDir
    Path work;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<ServerNotification> notifications = new LinkedBlockingQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open.reversed()) closeable.close();
    }

    private McpClient serve(Path plugins, Path workingDirectory, Map<String, String> env) throws Exception {
        // A stateful session, as before the client negotiated the newest revision by itself.
        McpClient client = McpClient.builder().protocolVersion(ProtocolVersion.LATEST_STATEFUL)
                .requestTimeout(Duration.ofSeconds(30)).stderr(line -> { })
                .logLevel(LoggingLevel.DEBUG).onNotification(notifications::add)
                .workingDirectory(workingDirectory)
                .stdio(List.of(Distribution.launcher().toString(), "serve", "-p", plugins.toString()), env);
        open.add(client);
        return client;
    }

    private Path plugins(String... libraries) throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        for (String library : libraries) {
            Files.copy(NATIVE.resolve("libjmcp-" + library + ".so"), plugins.resolve("lib" + library.replace("test-", "")
                    + ".so"));
        }
        return plugins;
    }

    private static List<String> toolNames(McpClient client) throws Exception {
        return client.listTools().stream().map(Tool::name).toList();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void aLibraryPrintingToStdoutAnswersAndLogsOnceAndSeesOnlyTheClientsProgressToken() throws Exception {
        McpClient client = serve(plugins("test-rough"), Files.createDirectories(work.resolve("cwd")), Map.of());
        // Printing to stdout (printf, std::cout, write(1)) neither breaks the call nor jmcp's own stdout.
        for (int i = 0; i < 3; i++) assertThat(text(client.callTool("print", Map.of()))).isEqualTo("printed three lines");
        assertThat(text(client.callTool("held", Map.of()))).isEqualTo("holding 0 MiB");

        notifications.clear();
        assertThat(text(client.callTool("log", Map.of()))).isEqualTo("logged");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int logged = 0;
        while (System.nanoTime() < deadline) {
            if (notifications.poll(100, TimeUnit.MILLISECONDS) instanceof ServerNotification.LogMessage message
                    && "logged once".equals(message.data())) logged++;
        }
        assertThat(logged).as("log messages received").isEqualTo(1);

        assertThat(text(client.callTool("progress", Map.of()))).isEqualTo("no token");
        var progress = new LinkedBlockingQueue<ServerNotification.Progress>();
        assertThat(text(client.callTool("progress", Map.of(), progress::add))).startsWith("token ");
        assertThat(progress.poll(10, TimeUnit.SECONDS)).isNotNull();
    }

    @Test
    void crashesCostOneShortSentenceAndLeaveNoFileInTheWorkingDirectory() throws Exception {
        Path cwd = Files.createDirectories(work.resolve("cwd"));
        McpClient client = serve(plugins("test-faulty"), cwd, Map.of());
        for (String how : List.of("segfault", "abort", "throw", "segfault")) {
            CallToolResult crashed = client.callTool("crash", Map.of("how", how));
            assertThat(crashed.failed()).isTrue();
            assertThat(text(crashed)).matches("Native plugin faulty crashed \\(SIG[A-Z]+\\); it restarts for the next"
                    + " call\\.");
            assertThat(client.callTool("fail", Map.of()).failed()).isTrue();
        }
        try (var left = Files.list(cwd)) {
            assertThat(left.toList()).as("files in the working directory").isEmpty();
        }
    }

    @Test
    void theLimitsOfTheSoJsonAreHonouredAndALeakingLibraryIsStoppedAndRestarted() throws Exception {
        Path plugins = plugins("test-rough", "test-faulty");
        Files.writeString(plugins.resolve("librough.so.json"), "{\"memoryMiB\": 128}");
        Files.writeString(plugins.resolve("libfaulty.so.json"), "{\"timeout\": 1, \"maxCalls\": 2}");
        McpClient client = serve(plugins, Files.createDirectories(work.resolve("cwd")), Map.of());

        assertThat(text(client.callTool("leak", Map.of("mb", 16)))).isEqualTo("holding 16 MiB");
        CallToolResult leaked = client.callTool("leak", Map.of("mb", 1024));
        assertThat(leaked.failed()).isTrue();
        assertThat(text(leaked)).isEqualTo("Native plugin rough ran out of memory (its limit is 128 MiB, memoryMiB); it"
                + " restarts for the next call.");
        assertThat(text(client.callTool("held", Map.of()))).isEqualTo("holding 0 MiB");

        long start = System.nanoTime();
        CallToolResult hung = client.callTool("hang", Map.of("ms", 60_000));
        assertThat(hung.failed()).isTrue();
        assertThat(text(hung)).isEqualTo("Native plugin faulty did not answer within PT1S");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        assertThat(client.callTool("stats", Map.of()).failed()).isFalse();
    }

    @Test
    void aLibraryThatStartsSlowlyIsTriedAgainAndServedWhenReady() throws Exception {
        Path plugins = plugins("test-rough");
        // Its first start takes 3 s (while the marker exists), over the 1 s the settings allow; the second is quick.
        Files.writeString(plugins.resolve("librough.so.json"), "{\"startTimeout\": 1}");
        Path marker = Files.writeString(work.resolve("slow-start"), "");
        McpClient client = serve(plugins, Files.createDirectories(work.resolve("cwd")),
                Map.of("JMCP_TEST_SLOW_START", marker.toString()));

        if (!toolNames(client).contains("print")) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            boolean changed = false;
            while (!changed && System.nanoTime() < deadline) {
                changed = notifications.poll(100, TimeUnit.MILLISECONDS) instanceof ServerNotification.ListChanged c
                        && c.kind() == ServerNotification.Kind.TOOLS;
            }
            assertThat(changed).as("tools/list_changed once the library is ready").isTrue();
        }
        assertThat(toolNames(client)).contains("print", "leak");
        assertThat(Files.exists(marker)).as("the slow first start happened").isFalse();
        assertThat(text(client.callTool("print", Map.of()))).isEqualTo("printed three lines");
    }
}

package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hostile plugin JAR in the real server over stdio: whatever it does to the process (exit, write to descriptor 1),
 * the other calls are answered and stdout carries nothing but the server's own JSON-RPC.
 */
@Timeout(90)
class HostilePluginsIT {
    private static final String FORGED = "{\"jsonrpc\":\"2.0\",\"id\":\"forged-fd\",\"result\":{\"content\":[]}}";

    @TempDir
    Path work;

    private McpProcess server;

    /** One JAR, one tool per hostile act; {@code hold} waits {@code ms} and answers, to have a call in flight. */
    static byte[] hostile() {
        return PluginJarBuilder.create().plugin("hostile.Main", """
                package hostile;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;
                import java.io.*;
                import java.nio.charset.StandardCharsets;
                import java.util.Map;

                public final class Main implements Plugin {
                    private static final Map<String, Object> MS = Map.of("type", "object",
                            "properties", Map.of("ms", Map.of("type", "integer")));

                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("forge-fd", "writes a forged response to descriptor 1", Tool.NO_ARGUMENTS),
                                (a, c) -> {
                                    var out = new FileOutputStream(FileDescriptor.out);
                                    out.write(("FORGED\\n").getBytes(StandardCharsets.UTF_8));
                                    out.flush();
                                    return CallToolResult.text("written");
                                });
                        registrar.tool(new Tool("exit", "System.exit", Tool.NO_ARGUMENTS), (a, c) -> {
                            System.exit(1);
                            return CallToolResult.text("still here");
                        });
                        registrar.tool(new Tool("halt", "Runtime.halt", Tool.NO_ARGUMENTS), (a, c) -> {
                            Runtime.getRuntime().halt(1);
                            return CallToolResult.text("still here");
                        });
                        registrar.tool(new Tool("spin", "keeps a core busy for ms, ignoring interruption", MS),
                                (a, c) -> {
                                    long end = System.nanoTime() + ((Number) a.get("ms")).longValue() * 1_000_000;
                                    while (System.nanoTime() < end) {
                                        Thread.interrupted();
                                    }
                                    return CallToolResult.text("spun");
                                });
                        registrar.tool(new Tool("hog", "allocates until the heap is exhausted", Tool.NO_ARGUMENTS),
                                (a, c) -> {
                                    var hoard = new java.util.ArrayList<byte[]>();
                                    while (true) hoard.add(new byte[1 << 20]);
                                });
                        registrar.tool(new Tool("hold", "waits ms, then answers", MS), (a, c) -> {
                            Thread.sleep(((Number) a.get("ms")).longValue());
                            return CallToolResult.text("held");
                        });
                    }
                }
                """.replace("FORGED", FORGED.replace("\"", "\\\""))).toBytes();
    }

    private Path temp;

    @BeforeEach
    void start() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.write(plugins.resolve("hostile.jar"), hostile());
        temp = Files.createDirectories(work.resolve("tmp"));
        // SIGTERM gives calls in flight the grace period (30 s by default) over stdio as over HTTP; 5 s here.
        server = Distribution.serve(plugins, Map.of("JMCP_OPTS", "-Xmx256m -Djava.io.tmpdir=" + temp), work,
                "--grace-period", "5s");
        server.initialize("2025-11-25", Map.of());
        // initialize is answered while the plugins load; tools/list waits for them, so each test starts with them in.
        assertThat(server.request("tools/list", Map.of())).containsKey("result");
    }

    @AfterEach
    void stillServingAndStdoutClean() throws Exception {
        try {
            if (server.isAlive()) assertThat(server.request("ping", Map.of())).containsKey("result");
            assertThat(server.nonProtocolLines()).isEmpty();
            assertThat(server.unmatchedResponses()).isEmpty();
        } finally {
            server.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> response) {
        assertThat(response).containsKey("result");
        return (Map<String, Object>) response.get("result");
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> result) {
        return (String) ((List<Map<String, Object>>) result.get("content")).getFirst().get("text");
    }

    private Map<String, Object> callTool(String name, Map<String, Object> arguments) throws Exception {
        return result(server.request("tools/call", Map.of("name", name, "arguments", arguments)));
    }

    /** Waits until {@code condition} holds, at most {@code timeout}. */
    private static boolean eventually(Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) return false;
            LockSupport.parkNanos(20_000_000);
        }
        return true;
    }

    @Test
    void aForgedResponseWrittenToFileDescriptorOutNeverReachesTheClient() throws Exception {
        assertThat(text(callTool("forge-fd", Map.of()))).isEqualTo("written");
        // The forged line went to standard error, where the log goes.
        assertThat(eventually(Duration.ofSeconds(10), () -> server.stderr().contains("forged-fd"))).isTrue();
        assertThat(server.request("ping", Map.of())).containsKey("result");
        assertThat(server.unmatchedResponses()).isEmpty();
        assertThat(server.nonProtocolLines()).isEmpty();
    }

    @Test
    void startedWithoutTheLauncherJmcpMovesStandardOutputItself() throws Exception {
        // bin/jmcp moves the protocol off descriptor 1 before the JVM starts (the other tests); java started directly
        // makes the same move through the FFM API.
        Path home = Distribution.HOME;
        var command = List.of(home.resolve("runtime/bin/java").toString(), "--enable-native-access=ALL-UNNAMED",
                "-Xmx256m", "-Djava.io.tmpdir=" + temp, "-cp", home.resolve("lib") + "/*", "dev.jmcp.cli.Jmcp",
                "serve", "-v", "-p", work.resolve("plugins").toString());
        try (McpProcess direct = McpProcess.start(command, Map.of(), work)) {
            direct.initialize("2025-11-25", Map.of());
            var response = direct.request("tools/call", Map.of("name", "forge-fd", "arguments", Map.of()));
            assertThat(text(result(response))).isEqualTo("written");
            assertThat(eventually(Duration.ofSeconds(10), () -> direct.stderr().contains("forged-fd"))).isTrue();
            assertThat(direct.request("ping", Map.of())).containsKey("result");
            assertThat(direct.unmatchedResponses()).isEmpty();
            assertThat(direct.nonProtocolLines()).isEmpty();
            assertThat(direct.stderr()).doesNotContain("where bin/jmcp moved standard output");
        }
    }

    @Test
    void theThreadDumpOfKillQuitGoesToStandardError() throws Exception {
        Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(server.pid())).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(eventually(Duration.ofSeconds(10), () -> server.stderr().contains("Full thread dump"))).isTrue();
        assertThat(server.request("ping", Map.of())).containsKey("result");
        assertThat(server.nonProtocolLines()).isEmpty();
    }

    @Test
    void closingStdinEndsTheProcessInBoundedTimeWhileAToolIgnoresInterruption() throws Exception {
        server.sendRequest(server.nextId(), "tools/call", Map.of("name", "spin", "arguments", Map.of("ms", 300_000)));
        assertThat(server.request("ping", Map.of())).containsKey("result");
        long start = System.nanoTime();

        assertThat(server.closeInputAndWait(Duration.ofSeconds(30))).isZero();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        assertThat(server.stderr()).contains("cancelling them");
        assertThat(privateCopies()).isEmpty();
    }

    @Test
    void sigtermAnswersTheCallsThatFinishSoonExitsZeroAndLeavesNoPrivateCopyBehind() throws Exception {
        var soon = server.sendRequest(server.nextId(), "tools/call", Map.of("name", "hold", "arguments",
                Map.of("ms", 1_500)));
        server.sendRequest(server.nextId(), "tools/call", Map.of("name", "hold", "arguments", Map.of("ms", 60_000)));
        assertThat(server.request("ping", Map.of())).containsKey("result");
        assertThat(privateCopies()).isNotEmpty();

        Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(server.pid())).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();

        assertThat(ProcessHandle.of(server.pid()).map(p -> p.onExit()).orElseThrow().get(20, TimeUnit.SECONDS)
                .isAlive()).isFalse();
        assertThat(server.closeInputAndWait(Duration.ofSeconds(5))).isZero();
        assertThat(text(result(server.await(soon, "the call that finishes soon")))).isEqualTo("held");
        assertThat(privateCopies()).isEmpty();
    }

    @Test
    void aToolExhaustingTheHeapLeavesTheOtherCallsAnswered() throws Exception {
        var hog = server.sendRequest(server.nextId(), "tools/call", Map.of("name", "hog", "arguments", Map.of()));
        var during = new java.util.ArrayList<java.util.concurrent.CompletableFuture<Map<String, Object>>>();
        for (int i = 0; i < 3; i++) {
            during.add(server.sendRequest(server.nextId(), "tools/call",
                    Map.of("name", "hold", "arguments", Map.of("ms", 200))));
        }
        // A call made while the hog exhausts the heap (here 256 MiB) may meet the OutOfMemoryError itself, in its tool,
        // while its answer is made or written, or while it is read: it still gets exactly one answer, once memory is
        // back. How long the hog takes to fail is the machine's (the collector's full collections first), so the
        // wait is generous; a lost answer fails with the server's thread dump.
        assertThat(server.await(hog, "the call exhausting the heap", Duration.ofSeconds(45)).keySet())
                .containsAnyOf("result", "error");
        for (var call : during) {
            assertThat(server.await(call, "a call made while the heap was exhausted", Duration.ofSeconds(20)).keySet())
                    .containsAnyOf("result", "error");
        }
        // Once the hog's call has failed, its memory is free again and every call is answered as before.
        for (int i = 0; i < 3; i++) {
            assertThat(text(callTool("hold", Map.of("ms", 200)))).isEqualTo("held");
        }
        assertThat(server.isAlive()).isTrue();
    }

    @Test
    void aCancelledCallIgnoringInterruptionStopsCountingAsInFlightWithinSeconds() throws Exception {
        server.sendRequest("spinner", "tools/call", Map.of("name", "spin", "arguments", Map.of("ms", 300_000)));
        assertThat(server.request("ping", Map.of())).containsKey("result");
        var refused = server.request("spinner", "ping", Map.of());
        assertThat(refused).containsKey("error");

        server.notify("notifications/cancelled", Map.of("requestId", "spinner", "reason", "too slow"));

        assertThat(eventually(Duration.ofSeconds(20), () -> server.stderr().contains("its handler ignores interruption")))
                .isTrue();
        assertThat(server.request("spinner", "ping", Map.of())).as("the id is free again").containsKey("result");
        long start = System.nanoTime();
        assertThat(server.closeInputAndWait(Duration.ofSeconds(10))).isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    /** The server's private copies of plugin JARs in its temporary folder. */
    private List<Path> privateCopies() throws Exception {
        try (var files = Files.walk(temp)) {
            return files.filter(file -> file.toString().endsWith(".jar")).toList();
        }
    }

    @Test
    void toolsCallingExitOrHaltFailWhileACallInFlightOnThemIsStillAnswered() throws Exception {
        var held = server.sendRequest(server.nextId(), "tools/call", Map.of("name", "hold", "arguments",
                Map.of("ms", 1500)));
        for (String exit : List.of("exit", "halt")) {
            var failed = callTool(exit, Map.of());
            assertThat(failed).containsEntry("isError", true);
            assertThat(text(failed)).contains("A plugin may not end the jmcp server process")
                    .contains(exit.equals("exit") ? "System.exit(1) was refused" : "Runtime.halt(1) was refused");
        }
        assertThat(text(result(server.await(held, "the call in flight")))).isEqualTo("held");
        assertThat(server.isAlive()).isTrue();
    }
}

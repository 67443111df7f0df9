package dev.jmcp.dist;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.ServerNotification;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.TextContent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jmcp client and CLI against servers nobody here wrote, as a new user meets them: the reference "everything"
 * server from npm (installed by {@code conformance/mcp-servers.sh}) over stdio, Streamable HTTP and the old HTTP+SSE
 * transport, a tools-only server built on the official TypeScript SDK, and jmcp itself where the case needs it
 * (2026-07-28, API keys, a server without authorization).
 */
@Timeout(600)
class ClientInteropIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath();

    @TempDir
    static Path work;
    static String node;
    static String everything;
    static final List<Process> servers = new ArrayList<>();
    static URI everythingHttp;
    static URI everythingSse;
    static Distribution.HttpServer jmcp;
    static Distribution.HttpServer keyed;

    @BeforeAll
    static void start() throws Exception {
        Process install = new ProcessBuilder("bash", REPOSITORY.resolve("conformance/mcp-servers.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(line -> !line.isBlank()).toList();
        assertThat(install.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(install.exitValue()).as("conformance/mcp-servers.sh").isZero();
        node = lines.get(0);
        everything = lines.get(1);
        int httpPort = Distribution.freePort();
        everythingHttp = URI.create("http://127.0.0.1:" + startEverything("streamableHttp", httpPort,
                "listening on port") + "/mcp");
        int ssePort = Distribution.freePort();
        everythingSse = URI.create("http://127.0.0.1:" + startEverything("sse", ssePort, "running on port") + "/sse");
        Path plugins = Distribution.copyOfBundledPlugins(work.resolve("plugins"));
        jmcp = Distribution.serveHttp(List.of("--port", String.valueOf(Distribution.freePort()), "-p",
                plugins.toString()), Map.of());
        Path keys = Files.writeString(work.resolve("api-keys"), "ci-bot:0123456789abcdef0123456789abcdef\n");
        keyed = Distribution.serveHttp(List.of("--port", String.valueOf(Distribution.freePort()), "-p",
                plugins.toString(), "--api-key-file", keys.toString()), Map.of());
    }

    /** The reference server on {@code transport} at {@code port}, once it logged {@code ready}. */
    private static int startEverything(String transport, int port, String ready) throws Exception {
        var builder = new ProcessBuilder(node, everything, transport).redirectErrorStream(true);
        builder.environment().put("PORT", String.valueOf(port));
        Process process = builder.start();
        servers.add(process);
        var up = new CompletableFuture<Void>();
        var seen = new StringBuffer();
        Thread.ofPlatform().daemon().start(() -> {
            try (var out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    seen.append(line).append('\n');
                    if (line.contains(ready)) up.complete(null);
                }
                up.completeExceptionally(new AssertionError("the reference server ended:\n" + seen));
            } catch (IOException e) {
                up.completeExceptionally(e);
            }
        });
        up.get(60, TimeUnit.SECONDS);
        return port;
    }

    @AfterAll
    static void stop() throws Exception {
        for (Process process : servers) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        }
        if (jmcp != null) jmcp.close();
        if (keyed != null) keyed.close();
    }

    record Run(int exitCode, String out, String err) {
    }

    /** {@code bin/jmcp args...} with {@code env} added, with its output and exit code. */
    private static Run jmcp(Map<String, String> env, String... args) throws Exception {
        var command = new ArrayList<String>();
        command.add(Distribution.launcher().toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        var builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("XDG_CONFIG_HOME", work.resolve("config").toString());
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("jmcp " + String.join(" ", args) + " did not end:\n" + Files.readString(err));
        }
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Run jmcp(String... args) throws Exception {
        return jmcp(Map.of(), args);
    }

    private static String texts(CallToolResult result) {
        return result.content().stream().map(c -> c instanceof TextContent t ? t.text() : "")
                .collect(Collectors.joining("\n"));
    }

    private static List<String> everythingOverStdio() {
        return List.of(node, everything, "stdio");
    }

    /** Opens and closes a client, returning how long opening took. */
    private static long openMillis(dev.jmcp.client.McpClientBuilder builder, URI url) throws Exception {
        long start = System.nanoTime();
        try (McpClient client = builder.http(url)) {
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        }
    }

    @Test
    void theNewestRevisionIsNegotiatedWithEachServerAndTheProbeCostsA2025OnlyServerLittle() throws Exception {
        // By default, a 2026-07-28 server (jmcp) is spoken to statelessly; the reference server, 2025-only, through
        // initialize.
        try (McpClient modern = McpClient.builder().http(jmcp.url())) {
            assertThat(modern.protocolVersion()).isEqualTo(ProtocolVersion.V2026_07_28);
        }
        try (McpClient legacy = McpClient.builder().stderr(line -> { })
                .stdio(everythingOverStdio(), Map.of())) {
            assertThat(legacy.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
        }
        // Pinned, the revision asked for is the one spoken.
        try (McpClient pinned = McpClient.builder().protocolVersion(ProtocolVersion.V2025_06_18).http(jmcp.url())) {
            assertThat(pinned.protocolVersion()).isEqualTo(ProtocolVersion.V2025_06_18);
        }
        // The probe's cost against the 2025-only server: the best of three openings each way.
        long auto = Long.MAX_VALUE;
        long pinned = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            auto = Math.min(auto, openMillis(McpClient.builder(), everythingHttp));
            pinned = Math.min(pinned, openMillis(McpClient.builder().protocolVersion(ProtocolVersion.V2025_11_25),
                    everythingHttp));
        }
        System.out.println("opening against the 2025-only reference server: negotiated " + auto + " ms, pinned "
                + pinned + " ms");
        assertThat(auto - pinned).as("the discover probe's added cost, ms").isLessThan(1_000);

        Run cli = jmcp("tools", "--url", everythingHttp.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("echo");
        Run pinnedCli = jmcp("tools", "--url", jmcp.url().toString(), "--protocol-version", "2025-06-18");
        assertThat(pinnedCli.exitCode()).as(pinnedCli.err()).isZero();
    }

    @Test
    void aToolThatRequiresATaskRunsAsOneWithItsStatusShownAndCanBeCancelled() throws Exception {
        Run run = jmcp("call", "simulate-research-query", "--arg", "topic=rivers", "--url", everythingHttp.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Research Report: rivers");
        assertThat(run.err()).contains("task working: Gathering sources").contains("task completed");

        var statuses = new LinkedBlockingQueue<Map<String, Object>>();
        try (McpClient client = McpClient.builder().stderr(line -> { }).onNotification(n -> {
            if (n instanceof ServerNotification.Other o && o.method().equals("notifications/tasks/status")) {
                statuses.add(o.params());
            }
        }).stdio(everythingOverStdio(), Map.of())) {
            CallToolResult done = client.callTool("simulate-research-query", Map.of("topic", "lakes"));
            assertThat(texts(done)).contains("Research Report: lakes");
            assertThat(statuses).extracting(s -> s.get("status")).contains("working", "completed");
            var earlier = statuses.stream().map(s -> s.get("taskId")).collect(Collectors.toSet());

            // Interrupted while the task runs: the client cancels the task at the server.
            Thread worker = Thread.ofVirtual().start(() -> {
                try {
                    client.callTool("simulate-research-query", Map.of("topic", "seas"));
                } catch (Exception e) {
                    // interrupted, as meant
                }
            });
            // Its second stage: by then the task was created and the client is following it (the server's own
            // status notification of the first stage may come before its CreateTaskResult).
            Map<String, Object> first;
            do {
                first = statuses.poll(30, TimeUnit.SECONDS);
                assertThat(first).as("a status of the second task").isNotNull();
            } while (earlier.contains(first.get("taskId")) || "Gathering sources...".equals(first.get("statusMessage")));
            worker.interrupt();
            worker.join(Duration.ofSeconds(30));
            assertThat(worker.isAlive()).isFalse();
            assertThat(client.getTask(String.valueOf(first.get("taskId"))).get("status")).isEqualTo("cancelled");
        }
    }

    @Test
    void anHttpSseOnlyServerIsReachedAtItsUrlAndAnHtmlErrorPageIsNeverPrinted() throws Exception {
        Run sse = jmcp("tools", "--url", everythingSse.toString());
        assertThat(sse.exitCode()).as(sse.err()).isZero();
        assertThat(sse.out()).contains("echo");
        try (McpClient client = McpClient.builder().http(everythingSse)) {
            assertThat(texts(client.callTool("echo", Map.of("message", "over the old transport"))))
                    .contains("over the old transport");
        }
        // Nothing at that path: Express answers with its HTML error page, which is summed up, not dumped.
        Run nothing = jmcp("tools", "--url", everythingSse.resolve("/nothing-here").toString());
        assertThat(nothing.exitCode()).isEqualTo(1);
        assertThat(nothing.err()).containsIgnoringCase("web page").doesNotContainIgnoringCase("<html")
                .doesNotContainIgnoringCase("<!doctype").doesNotContain("<pre>");
    }

    @Test
    void aServerWithToolsOnlyHasNoPromptsAndNoResourcesToList() throws Exception {
        // A tools-only server on the official TypeScript SDK (the one the reference server is built on).
        Path sdk = Path.of(everything).getParent().resolve("../../sdk/dist/esm/server").normalize();
        Path script = Files.writeString(work.resolve("tools-only.mjs"), """
                import { McpServer } from "%s";
                import { StdioServerTransport } from "%s";
                const server = new McpServer({ name: "tools-only", version: "1.0.0" });
                server.registerTool("hello", { description: "Says hello" }, async () => ({
                  content: [{ type: "text", text: "hello" }] }));
                await server.connect(new StdioServerTransport());
                """.formatted(sdk.resolve("mcp.js").toUri(), sdk.resolve("stdio.js").toUri()));
        Run prompts = jmcp("prompts", "--", node, script.toString());
        assertThat(prompts.exitCode()).as(prompts.err()).isZero();
        assertThat(prompts.out()).contains("no prompts");
        Run promptsJson = jmcp("prompts", "--json-output", "--", node, script.toString());
        assertThat(promptsJson.exitCode()).as(promptsJson.err()).isZero();
        assertThat(promptsJson.out().strip()).isEqualTo("{\"prompts\":[]}");
        Run resources = jmcp("resources", "--json-output", "--", node, script.toString());
        assertThat(resources.exitCode()).as(resources.err()).isZero();
        assertThat(resources.out()).contains("\"resources\":[]", "\"resourceTemplates\":[]");
        Run text = jmcp("resources", "--", node, script.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("no resources");
        Run tools = jmcp("tools", "--", node, script.toString());
        assertThat(tools.out()).contains("hello");
    }

    @Test
    void aWrongApiKeyIsReportedInTheServersOwnWords() throws Exception {
        Run wrong = jmcp("tools", "--url", keyed.url().toString(), "--header", "X-API-Key=not-the-key-at-all");
        assertThat(wrong.exitCode()).isEqualTo(1);
        assertThat(wrong.err()).contains("the API key is not valid").doesNotContainIgnoringCase("resource metadata")
                .doesNotContain("log in first");
        Run right = jmcp("tools", "--url", keyed.url().toString(), "--header",
                "X-API-Key=0123456789abcdef0123456789abcdef");
        assertThat(right.exitCode()).as(right.err()).isZero();
    }

    @Test
    void loggingInToAServerThatNeedsNoAuthorizationSaysSoAndSavesNothing() throws Exception {
        Run login = jmcp("login", jmcp.url().toString());
        assertThat(login.exitCode()).as(login.err()).isZero();
        assertThat(login.out()).contains("needs no authorization").doesNotContain("Logged in");
        assertThat(work.resolve("config/jmcp/tokens.json")).doesNotExist();
    }

    @Test
    void urlMistakesAreUsageErrorsAndAnUnknownHostIsNotARefusedConnection() throws Exception {
        Run ftp = jmcp("tools", "--url", "ftp://127.0.0.1:3911/mcp");
        assertThat(ftp.exitCode()).isEqualTo(2);
        assertThat(ftp.err()).contains("http:// or https://").doesNotContain("Exception").doesNotContain("\tat ");
        Run noScheme = jmcp("tools", "--url", "127.0.0.1:3911/mcp");
        assertThat(noScheme.exitCode()).isEqualTo(2);
        assertThat(noScheme.err()).contains("did you mean http://127.0.0.1:3911/mcp").doesNotContain("URISyntaxException");
        Run localhost = jmcp("tools", "--url", "localhost:3911/mcp");
        assertThat(localhost.exitCode()).isEqualTo(2);
        assertThat(localhost.err()).contains("did you mean http://localhost:3911/mcp");
        Run unknown = jmcp("tools", "--url", "http://no-such-host.invalid:3911/mcp");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("unknown host").doesNotContain("nothing listens");
        Run login = jmcp("login", "ftp://127.0.0.1/mcp");
        assertThat(login.exitCode()).isEqualTo(2);
    }

    @Test
    void listChangesAreShownOnceAndAnUnreachableIssuerIsNamedPlainly() throws Exception {
        // The reference server registers its tools one by one after initialize, saying each time that they changed.
        Run run = jmcp("call", "echo", "--arg", "message=hi", "--", node, everything, "stdio");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err().split("the server's tools changed", -1).length - 1).isLessThanOrEqualTo(1);

        Path plugins = Files.createDirectories(work.resolve("no-plugins"));
        var builder = new ProcessBuilder(Distribution.launcher().toString(), "serve", "-t", "--port",
                String.valueOf(Distribution.freePort()), "-p", plugins.toString(), "--auth-issuer",
                "http://127.0.0.1:1").redirectErrorStream(true);
        Process serve = builder.start();
        try {
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String said = new String(serve.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(said).contains("connection refused").doesNotContain(": null");
        } finally {
            serve.destroyForcibly();
        }
    }

    @Test
    void ctrlCAtAFieldOfTheReferenceServersFormCancelsItAndSaysSo() throws Exception {
        // The terminal's Ctrl-C goes to its whole foreground process group, and the reference server exits on SIGINT:
        // if it did so before jmcp answered the form, the form would end with the connection, not with an answer.
        // In a session of its own (setsid) the server hears of the Ctrl-C only from jmcp, which is what is tested.
        try (var pty = Pty.start(List.of(Distribution.launcher().toString(), "call", "trigger-elicitation-request",
                "--", "setsid", node, everything, "stdio"), Map.of())) {
            pty.awaitShown("Answer? [y]es", Duration.ofSeconds(60));
            pty.type("y\r");
            pty.awaitShown("String*", Duration.ofSeconds(10));
            pty.type("\u0003");
            assertThat(pty.exitCode(Duration.ofSeconds(20))).as(pty.screen()).isEqualTo(130);
            assertThat(pty.screen()).contains("answered with cancel");
        }
    }

    @Test
    void theReferenceServersFormIsAskedFieldByFieldAndOnlyWhatItsSchemaAllowsIsSent() throws Exception {
        try (var pty = Pty.start(List.of(Distribution.launcher().toString(), "call", "trigger-elicitation-request",
                "--", node, everything, "stdio"), Map.of())) {
            pty.awaitShown("Answer? [y]es", Duration.ofSeconds(60));
            pty.type("y\r");
            pty.awaitShown("String*", Duration.ofSeconds(10));
            pty.type("Ada Lovelace\r");
            pty.awaitShown("[y/n]", Duration.ofSeconds(10));
            pty.type("y\r");
            pty.awaitShown("String with default", Duration.ofSeconds(10));
            pty.type("\r");
            pty.awaitShown("String with email format", Duration.ofSeconds(10));
            pty.type("not-an-email\r");
            pty.awaitShown("an email address, please", Duration.ofSeconds(10));
            pty.type("ada@example.org\r");
            pty.awaitShown("String with uri format", Duration.ofSeconds(10));
            pty.type("https://example.org/ada\r");
            pty.awaitShown("String with date format", Duration.ofSeconds(10));
            pty.type("1815-13-10\r");
            pty.awaitShown("a date as YYYY-MM-DD", Duration.ofSeconds(10));
            pty.type("1815-12-10\r");
            pty.awaitShown("Integer", Duration.ofSeconds(10));
            pty.type("500\r");
            pty.awaitShown("at most 100", Duration.ofSeconds(10));
            pty.type("7\r");
            pty.awaitShown("Number in range", Duration.ofSeconds(10));
            pty.type("5000\r");
            pty.awaitShown("at most 1000", Duration.ofSeconds(10));
            pty.type("2.5\r");
            pty.awaitShown("Untitled Single Select Enum", Duration.ofSeconds(10));
            pty.type("2\r");
            pty.awaitShown("Untitled Multiple Select Enum", Duration.ofSeconds(10));
            pty.awaitShown("Drums", Duration.ofSeconds(10));
            pty.type("2,4\r");
            pty.awaitShown("Superman", Duration.ofSeconds(10));
            pty.type("3\r");
            pty.awaitShown("Salmon", Duration.ofSeconds(10));
            pty.type("1,2\r");
            pty.awaitShown("Reptiles", Duration.ofSeconds(10));
            pty.type("2\r");
            assertThat(pty.exitCode(Duration.ofSeconds(30))).as(pty.screen()).isZero();
            String screen = pty.screen();
            assertThat(screen).doesNotContain("hero-1)").contains("Wonder Woman");
            // The server's own echo of what it received ("Raw result", pretty-printed JSON).
            assertThat(screen).containsPattern("\"untitledMultipleSelectEnum\": \\[\\s*\"Piano\",\\s*\"Drums\"\\s*]")
                    .containsPattern("\"titledSingleSelectEnum\": \"hero-3\"")
                    .containsPattern("\"titledMultipleSelectEnum\": \\[\\s*\"fish-1\",\\s*\"fish-2\"\\s*]")
                    .containsPattern("\"legacyTitledEnum\": \"pet-2\"")
                    .containsPattern("\"integer\": 7\\b").containsPattern("\"number\": 2.5\\b")
                    .containsPattern("\"email\": \"ada@example.org\"");
        }
    }
}

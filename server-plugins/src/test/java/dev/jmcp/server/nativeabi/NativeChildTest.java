package dev.jmcp.server.nativeabi;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Libraries served in real child processes by each host: the native host program ({@code c}: {@code jmcp-native-host},
 * built by this module with the machine's C compiler) and the child JVM that stands in for it ({@code jvm}:
 * {@link NativeHostMain}); what they declare, their calls, and what their crashes, hangs, leaks and prints cost.
 */
@Timeout(90)
@ParameterizedClass(name = "{0} host")
@ValueSource(strings = {"c", "jvm"})
class NativeChildTest {
    private final List<NativePlugin> spawned = new ArrayList<>();

    @Parameter
    String host;

    @AfterEach
    void retire() throws InterruptedException {
        for (NativePlugin plugin : spawned) {
            plugin.retire();
            assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).as("closed " + plugin.name()).isTrue();
        }
    }

    private List<String> program() {
        return host(host);
    }

    /** The command of host {@code c} or {@code jvm}. */
    static List<String> host(String kind) {
        return switch (kind) {
            case "c" -> List.of(NativeHost.program().orElseThrow(
                    () -> new IllegalStateException("the native host was not built")).toString());
            case "jvm" -> NativeHost.jvm();
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private NativePlugin spawn(String library, NativeOptions options) throws NativeLoadException {
        NativePlugin plugin = NativePlugin.spawn(SampleLibraries.path(library), library, options, program());
        spawned.add(plugin);
        return plugin;
    }

    private NativePlugin spawn(String library) throws NativeLoadException {
        return spawn(library, new NativeOptions(false, Duration.ofSeconds(30)));
    }

    private static NativeOptions limits(Duration timeout, long memoryMiB, int maxCalls) {
        return new NativeOptions(false, timeout, NativeOptions.DEFAULT_START_TIMEOUT, memoryMiB, maxCalls, "");
    }

    private static CallToolResult call(NativePlugin plugin, String tool, Map<String, Object> arguments,
                                       RecordingContext context) throws Exception {
        ToolEntry entry = plugin.contribution().tools().stream().filter(t -> t.tool().name().equals(tool)).findFirst()
                .orElseThrow();
        return entry.handler().call(arguments, context);
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void theChildServesToolsPromptsAndResourcesWithProgressAndLog() throws Exception {
        NativePlugin tools = spawn("sample-tools");
        assertThat(tools.name()).isEqualTo("sample-tools");
        assertThat(tools.contribution().tools()).extracting(t -> t.tool().name()).containsExactly("echo", "count", "log");
        assertThat(text(call(tools, "echo", Map.of("text", "hello \"native\" é"), RecordingContext.plain())))
                .isEqualTo("hello \"native\" é");
        var context = RecordingContext.withProgressToken();
        assertThat(text(call(tools, "count", Map.of("steps", 3), context))).isEqualTo("counted to 3");
        assertThat(context.progressNotifications()).extracting(RecordingContext.Progress::progress)
                .containsExactly(1.0, 2.0, 3.0);
        var logged = RecordingContext.plain();
        call(tools, "log", Map.of("text", "from C"), logged);
        assertThat(logged.logMessages()).containsExactly(
                new RecordingContext.Log(LoggingLevel.NOTICE, "jmcp-sample-tools", "from C"));

        NativePlugin prompts = spawn("sample-prompts");
        assertThat(prompts.contribution().prompts().get(1).handler().get(Map.of("language", "C"), RecordingContext.plain())
                .description()).isEqualTo("A code review");
        NativePlugin resources = spawn("sample-resources");
        var read = resources.contribution().resources().get(1).handler().read("sample:///settings.json",
                RecordingContext.plain());
        assertThat(((TextResourceContents) read.contents().getFirst()).text()).isEqualTo("{\"retries\":3,\"verbose\":false}");
    }

    @Test
    void aLogMessageReachesTheCallerOnceAndANotificationFromALibraryThreadFindsItsCall() throws Exception {
        var context = RecordingContext.plain();
        call(spawn("test-rough"), "log", Map.of(), context);
        assertThat(context.logMessages()).containsExactly(new RecordingContext.Log(LoggingLevel.WARNING, "rough", "logged once"));
        var fromThread = RecordingContext.plain();
        call(spawn("test-faulty"), "notify_from_thread", Map.of(), fromThread);
        assertThat(fromThread.logMessages()).hasSize(1);
    }

    @Test
    void aProgressTokenReachesTheLibraryOnlyWhenTheClientSentOne() throws Exception {
        NativePlugin plugin = spawn("test-rough");
        assertThat(text(call(plugin, "progress", Map.of(), RecordingContext.plain()))).isEqualTo("no token");
        var context = RecordingContext.withProgressToken();
        assertThat(text(call(plugin, "progress", Map.of(), context))).startsWith("token jmcp-");
        assertThat(context.progressNotifications()).hasSize(1);
    }

    @Test
    void aLibraryPrintingToStandardOutputStillAnswersItsCalls() throws Exception {
        NativePlugin plugin = spawn("test-rough");
        for (int i = 0; i < 3; i++) {
            assertThat(text(call(plugin, "print", Map.of(), RecordingContext.plain()))).isEqualTo("printed three lines");
        }
        assertThat(text(call(plugin, "held", Map.of(), RecordingContext.plain()))).isEqualTo("holding 0 MiB");
    }

    @Test
    void aCrashCostsItsCallOneShortSentenceAndTheNextCallIsServedByANewChild() throws Exception {
        NativePlugin plugin = spawn("test-faulty");
        for (String how : List.of("abort", "segfault", "throw")) {
            assertThatThrownBy(() -> call(plugin, "crash", Map.of("how", how), RecordingContext.plain()))
                    .isInstanceOf(ToolException.class)
                    .hasMessageMatching("Native plugin test-faulty crashed \\((SIGABRT|SIGSEGV)\\); it restarts for the next"
                            + " call\\.");
            assertThat(call(plugin, "fail", Map.of(), RecordingContext.plain()).isError()).isTrue();
        }
    }

    @Test
    void aLeakingLibraryIsStoppedAtItsMemoryLimitAndStartedAgain() throws Exception {
        NativePlugin plugin = spawn("test-rough", limits(Duration.ofSeconds(30), 128, 4));
        assertThat(text(call(plugin, "leak", Map.of("mb", 16), RecordingContext.plain()))).isEqualTo("holding 16 MiB");
        assertThatThrownBy(() -> call(plugin, "leak", Map.of("mb", 1024), RecordingContext.plain()))
                .isInstanceOf(ToolException.class)
                .hasMessage("Native plugin test-rough ran out of memory (its limit is 128 MiB, memoryMiB); it restarts for"
                        + " the next call.");
        // A new child: nothing held.
        assertThat(text(call(plugin, "held", Map.of(), RecordingContext.plain()))).isEqualTo("holding 0 MiB");
    }

    @Test
    void aCallPastItsTimeoutEndsTheChildAndTheNextCallIsAnsweredAtOnce() throws Exception {
        NativePlugin plugin = spawn("test-faulty", limits(Duration.ofMillis(300), 0, 4));
        assertThatThrownBy(() -> call(plugin, "hang", Map.of("ms", 60_000), RecordingContext.plain()))
                .isInstanceOf(ToolException.class).hasMessageContaining("did not answer within PT0.3S");
        long start = System.nanoTime();
        assertThat(call(plugin, "fail", Map.of(), RecordingContext.plain()).isError()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void callsBeyondTheLimitInFlightAreRefusedAtOnce() throws Exception {
        NativePlugin plugin = spawn("test-faulty", limits(Duration.ofSeconds(30), 0, 1));
        Thread first = Thread.ofVirtual().start(() -> {
            try {
                call(plugin, "hang", Map.of("ms", 1500), RecordingContext.plain());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!plugin.nativeCallRunning() && System.nanoTime() < deadline) Thread.onSpinWait();
        assertThatThrownBy(() -> call(plugin, "fail", Map.of(), RecordingContext.plain()))
                .isInstanceOf(ToolException.class).hasMessageContaining("is busy: 1 calls are in flight");
        assertThat(first.join(Duration.ofSeconds(10))).isTrue();
        assertThat(call(plugin, "fail", Map.of(), RecordingContext.plain()).isError()).isTrue();
    }

    @Test
    void aChildThatIsNotReadyInTimeIsReportedAsNotReady() {
        var options = new NativeOptions(false, null, Duration.ofNanos(1), 0, 4, "");
        assertThatThrownBy(() -> spawn("sample-tools", options)).isInstanceOf(NativeLoadException.class)
                .satisfies(e -> assertThat(((NativeLoadException) e).notReady()).isTrue())
                .hasMessageContaining("not ready within");
    }

    @Test
    void aLibraryThatIsNotAPluginIsRefusedWithTheReason() throws Exception {
        assertThatThrownBy(() -> spawn("test-broken-initialize")).isInstanceOf(NativeLoadException.class)
                .hasMessageContaining("Initialize() returned 0");
        assertThatThrownBy(() -> spawn("test-broken-no-destroy")).isInstanceOf(NativeLoadException.class)
                .hasMessageContaining("no DestroyPlugin");
        Path notALibrary = Files.createTempFile("libnot-a-plugin", ".so");
        try {
            Files.writeString(notALibrary, "not ELF");
            assertThatThrownBy(() -> NativePlugin.spawn(notALibrary, "not", NativeOptions.DEFAULTS, program()))
                    .isInstanceOf(NativeLoadException.class).hasMessageContaining("cannot be loaded as a shared library");
        } finally {
            Files.deleteIfExists(notALibrary);
        }
    }

    @Test
    void aPrefixIsPutBeforeEveryToolName() throws Exception {
        NativePlugin plugin = spawn("sample-tools", new NativeOptions(false, null, NativeOptions.DEFAULT_START_TIMEOUT,
                0, 4, "c_"));
        assertThat(plugin.contribution().tools()).extracting(t -> t.tool().name()).containsExactly("c_echo", "c_count",
                "c_log");
        assertThat(text(call(plugin, "c_echo", Map.of("text", "x"), RecordingContext.plain()))).isEqualTo("x");
    }

    @Test
    void retiringEndsTheChildProcess() throws Exception {
        NativePlugin plugin = NativePlugin.spawn(SampleLibraries.path("sample-tools"), "tools", NativeOptions.DEFAULTS,
                program());
        long pid = plugin.childPid();
        assertThat(pid).isPositive();
        plugin.retire();
        assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
        var handle = ProcessHandle.of(pid);
        if (handle.isPresent()) handle.get().onExit().get(10, TimeUnit.SECONDS);
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }
}

package dev.jmcp.server.nativeabi;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The FFM binding on the real sample libraries, loaded into the test's own process. */
@Timeout(30)
class NativePluginTest {
    private final List<NativePlugin> loaded = new ArrayList<>();

    @AfterEach
    void retire() throws InterruptedException {
        for (NativePlugin plugin : loaded) {
            plugin.retire();
            assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).as("closed " + plugin.name()).isTrue();
        }
    }

    private NativePlugin load(String name, NativeOptions options) throws NativeLoadException {
        NativePlugin plugin = NativePlugin.load(SampleLibraries.path(name), options);
        loaded.add(plugin);
        return plugin;
    }

    private NativePlugin load(String name) throws NativeLoadException {
        return load(name, NativeOptions.DEFAULTS);
    }

    private static ToolEntry tool(NativePlugin plugin, String name) {
        return plugin.contribution().tools().stream().filter(t -> t.tool().name().equals(name)).findFirst().orElseThrow();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void toolsLibraryDeclaresItsToolsWithTheirInputSchemas() throws Exception {
        NativePlugin plugin = load("sample-tools");
        assertThat(plugin.name()).isEqualTo("jmcp-sample-tools");
        assertThat(plugin.contribution().tools()).extracting(t -> t.tool().name()).containsExactly("echo", "count", "log");
        ToolEntry count = tool(plugin, "count");
        assertThat(count.tool().inputSchema()).containsEntry("required", List.of("steps"));
        assertThat(count.validator().validate(Map.of("steps", "ten"))).isNotEmpty();
        assertThat(count.validator().validate(Map.of("steps", 3))).isEmpty();
        assertThat(count.owner()).isSameAs(plugin);
    }

    @Test
    void echoToolAnswersItsArgument() throws Exception {
        var result = tool(load("sample-tools"), "echo").handler().call(Map.of("text", "hello \"native\""),
                RecordingContext.plain());
        assertThat(text(result)).isEqualTo("hello \"native\"");
        assertThat(result.isError()).isFalse();
    }

    @Test
    void progressReportedThroughTheCallbackReachesTheCallerBeforeTheResult() throws Exception {
        var context = RecordingContext.withProgressToken();
        var result = tool(load("sample-tools"), "count").handler().call(Map.of("steps", 5), context);
        assertThat(text(result)).isEqualTo("counted to 5");
        // Already recorded when the call returned: notifications are forwarded in order, before the result.
        assertThat(context.progressNotifications()).extracting(RecordingContext.Progress::progress)
                .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
        assertThat(context.progressNotifications().getLast().total()).isEqualTo(5.0);
        assertThat(context.progressNotifications().getFirst().message()).isEqualTo("step 1");
    }

    @Test
    void progressOfACallerWithoutATokenGoesNowhereAndTheCallSucceeds() throws Exception {
        var context = RecordingContext.plain();
        var result = tool(load("sample-tools"), "count").handler().call(Map.of("steps", 3), context);
        assertThat(text(result)).isEqualTo("counted to 3");
        assertThat(context.progressNotifications()).isEmpty();
    }

    @Test
    void logMessageOfTheLibraryReachesTheCallerAtItsLevel() throws Exception {
        var context = RecordingContext.plain();
        tool(load("sample-tools"), "log").handler().call(Map.of("text", "from C"), context);
        assertThat(context.logMessages()).containsExactly(
                new RecordingContext.Log(LoggingLevel.NOTICE, "jmcp-sample-tools", "from C"));
    }

    @Test
    void notificationSentFromALibrarysOwnThreadReachesTheCallInFlight() throws Exception {
        var context = RecordingContext.plain();
        tool(load("test-faulty"), "notify_from_thread").handler().call(Map.of(), context);
        assertThat(context.logMessages()).containsExactly(
                new RecordingContext.Log(LoggingLevel.WARNING, "jmcp-test-faulty", "from my own thread"));
    }

    @Test
    void everyPromptOfAPromptsLibraryIsReachableByName() throws Exception {
        NativePlugin plugin = load("sample-prompts");
        List<PromptEntry> prompts = plugin.contribution().prompts();
        assertThat(prompts).extracting(p -> p.prompt().name()).containsExactly("greeting", "code-review", "summary");
        assertThat(prompts.get(1).prompt().arguments()).extracting(a -> a.name() + ":" + a.required())
                .containsExactly("language:true", "code:false");
        var context = RecordingContext.plain();
        assertThat(prompts.get(0).handler().get(Map.of("name", "Ada"), context).messages().getFirst().content())
                .isEqualTo(new TextContent("Say hello to Ada."));
        assertThat(prompts.get(1).handler().get(Map.of("language", "C"), context).description()).isEqualTo("A code review");
        assertThat(prompts.get(2).handler().get(Map.of(), context).description()).isEqualTo("A summary");
    }

    @Test
    void resourcesLibraryServesEachResourceByUri() throws Exception {
        NativePlugin plugin = load("sample-resources");
        var resources = plugin.contribution().resources();
        assertThat(resources).extracting(r -> r.resource().uri() + " " + r.resource().mimeType())
                .containsExactly("sample:///motto text/plain", "sample:///settings.json application/json");
        var read = resources.get(1).handler().read("sample:///settings.json", RecordingContext.plain());
        assertThat(((TextResourceContents) read.contents().getFirst()).text()).isEqualTo("{\"retries\":3,\"verbose\":false}");
    }

    @Test
    void toolResultsOwnIsErrorIsPreserved() throws Exception {
        var result = tool(load("test-faulty"), "fail").handler().call(Map.of(), RecordingContext.plain());
        assertThat(result.isError()).isTrue();
        assertThat(text(result)).isEqualTo("the tool failed on purpose");
    }

    @Test
    void malformedOrNullResultIsAToolErrorNamingThePlugin() throws Exception {
        NativePlugin plugin = load("test-faulty");
        assertThatThrownBy(() -> tool(plugin, "malformed").handler().call(Map.of(), RecordingContext.plain()))
                .isInstanceOf(ToolException.class).hasMessageContaining("jmcp-test-faulty")
                .hasMessageContaining("unusable result for tool 'malformed'");
        assertThatThrownBy(() -> tool(plugin, "null").handler().call(Map.of(), RecordingContext.plain()))
                .isInstanceOf(ToolException.class).hasMessageContaining("returned no result (NULL) for tool 'null'");
        // The library is still usable after both.
        assertThat(tool(plugin, "fail").handler().call(Map.of(), RecordingContext.plain()).isError()).isTrue();
    }

    @Test
    void everyResultIsReleasedExactlyOnceWithTheLibrarysOwnDelete() throws Exception {
        NativePlugin plugin = load("test-faulty");
        var context = RecordingContext.plain();
        for (String name : List.of("fail", "malformed", "fail", "hang", "null")) {
            try {
                tool(plugin, name).handler().call(name.equals("hang") ? Map.of("ms", 1) : Map.of(), context);
            } catch (ToolException expected) {
                // malformed and null fail; what counts is the memory
            }
        }
        var stats = tool(plugin, "stats").handler().call(Map.of(), context);
        // Four results were allocated (null allocates none); each was released once, before stats read the counters.
        assertThat(stats.structuredContent()).isEqualTo(Map.of("allocated", 4, "released", 4));
    }

    @Test
    void callsIntoALibraryNotDeclaredReentrantAreSerialised() throws Exception {
        assertThat(mostAtOnce(load("test-faulty"))).isEqualTo("at most 1 at once");
    }

    @Test
    void callsIntoAReentrantLibraryMayOverlap() throws Exception {
        assertThat(mostAtOnce(load("test-faulty", new NativeOptions(true, null)))).isNotEqualTo("at most 1 at once");
    }

    private static String mostAtOnce(NativePlugin plugin) throws Exception {
        ToolEntry overlap = tool(plugin, "overlap");
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            var calls = new ArrayList<Future<CallToolResult>>();
            for (int i = 0; i < 4; i++) {
                Callable<CallToolResult> call = () -> overlap.handler().call(Map.of("ms", 150), RecordingContext.plain());
                calls.add(pool.submit(call));
            }
            String last = null;
            for (var call : calls) last = text(call.get());
            return last;
        }
    }

    @Test
    void aCallPastTheTimeoutFailsAndTheLibraryServesAgainOnceTheNativeCallReturns() throws Exception {
        NativePlugin plugin = load("test-faulty", new NativeOptions(false, Duration.ofMillis(200)));
        long start = System.nanoTime();
        assertThatThrownBy(() -> tool(plugin, "hang").handler().call(Map.of("ms", 1500), RecordingContext.plain()))
                .isInstanceOf(ToolException.class).hasMessageContaining("did not answer within PT0.2S");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1400));
        // The hung call still holds the (serialised) library; once it returns, calls are answered again.
        assertThat(answersWithin(plugin, Duration.ofSeconds(10))).isTrue();
    }

    @Test
    void aCancelledCallerStopsWaitingAndTheLibraryServesAgainOnceTheNativeCallReturns() throws Exception {
        NativePlugin plugin = load("test-faulty");
        var outcome = new java.util.concurrent.CompletableFuture<Throwable>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                tool(plugin, "hang").handler().call(Map.of("ms", 1500), RecordingContext.plain());
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.complete(e);
            }
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!plugin.nativeCallRunning() && System.nanoTime() < deadline) Thread.onSpinWait();
        assertThat(plugin.nativeCallRunning()).as("the native call started").isTrue();
        caller.interrupt();
        assertThat(outcome.get(1, java.util.concurrent.TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        assertThat(answersWithin(plugin, Duration.ofSeconds(10))).isTrue();
    }

    /** Calls "fail" until the library answers (each attempt bounded by the plugin's timeout, if any) or time is up. */
    private static boolean answersWithin(NativePlugin plugin, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                return tool(plugin, "fail").handler().call(Map.of(), RecordingContext.plain()).isError();
            } catch (ToolException timedOut) {
                // still held by the hung call
            }
        }
        return false;
    }

    @Test
    void libraryThatFailsInitializeIsRefusedWithTheReason() {
        assertRefused("test-broken-initialize", "Initialize() returned 0");
    }

    @Test
    void libraryLackingDestroyPluginIsRefusedWithTheReason() {
        assertRefused("test-broken-no-destroy", "exports no DestroyPlugin");
    }

    @Test
    void libraryWithAnInvalidSchemaIsRefusedWithTheReason() {
        assertRefused("test-broken-schema", "tool 'ok' has an inputSchema that is not valid JSON");
    }

    @Test
    void libraryWithoutANameIsRefusedWithTheReason() {
        assertRefused("test-broken-name", "GetName() returned NULL");
    }

    @Test
    void fileThatIsNotALibraryIsRefused() throws Exception {
        Path notALibrary = java.nio.file.Files.createTempFile("libnot-a-plugin", ".so");
        try {
            java.nio.file.Files.writeString(notALibrary, "not ELF");
            assertThatThrownBy(() -> NativePlugin.load(notALibrary, NativeOptions.DEFAULTS))
                    .isInstanceOf(NativeLoadException.class).hasMessageContaining("cannot be loaded as a shared library");
        } finally {
            java.nio.file.Files.deleteIfExists(notALibrary);
        }
    }

    private static void assertRefused(String library, String reason) {
        assertThatThrownBy(() -> NativePlugin.load(SampleLibraries.path(library), NativeOptions.DEFAULTS))
                .isInstanceOf(NativeLoadException.class)
                .hasMessageContaining("libjmcp-" + library + ".so")
                .hasMessageContaining(reason);
    }

    @Test
    void twoLibrariesWithTheSameCppSymbolsKeepTheirOwn() throws Exception {
        // Both are C++ and export the same weak std:: symbols; with local binding each table stays its own.
        assertThat(load("sample-prompts").name()).isEqualTo("jmcp-sample-prompts");
        assertThat(load("test-faulty").name()).isEqualTo("jmcp-test-faulty");
    }

    @Test
    void replacingTheFileAndLoadingAgainRunsTheNewCode() throws Exception {
        Path folder = java.nio.file.Files.createTempDirectory("jmcp-native-replace-");
        Path file = folder.resolve("libplugin.so");
        try {
            java.nio.file.Files.copy(SampleLibraries.path("sample-tools"), file);
            NativePlugin first = load(file);
            assertThat(first.name()).isEqualTo("jmcp-sample-tools");
            first.retire();
            java.nio.file.Files.copy(SampleLibraries.path("sample-resources"), file,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            NativePlugin second = load(file);
            // Same path, new code: each load maps a private copy under a path of its own.
            assertThat(second.name()).isEqualTo("jmcp-sample-resources");
            assertThat(second.contribution().resources()).hasSize(2);
        } finally {
            java.nio.file.Files.deleteIfExists(file);
            java.nio.file.Files.deleteIfExists(folder);
        }
    }

    private NativePlugin load(Path file) throws NativeLoadException {
        NativePlugin plugin = NativePlugin.load(file, NativeOptions.DEFAULTS);
        loaded.add(plugin);
        return plugin;
    }

    @Test
    void retiredPluginRefusesNewCallsAndClosesAfterTheLastOne() throws Exception {
        NativePlugin plugin = NativePlugin.load(SampleLibraries.path("sample-tools"), NativeOptions.DEFAULTS);
        assertThat(plugin.enter()).isTrue();
        plugin.retire();
        assertThat(plugin.enter()).isFalse();
        assertThat(plugin.awaitClosed(Duration.ofMillis(100))).isFalse();
        plugin.exit();
        assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
    }
}

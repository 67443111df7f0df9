package dev.jmcp.server.nativeabi;

import dev.jmcp.server.nativeabi.HostProcess.Frame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The two native hosts as real child processes, driven frame by frame: the native host program ({@code c}) and the
 * child JVM that stands in for it ({@code jvm}, {@link NativeHostMain}) answer the same frames for the same library
 * calls, refuse a library that is no plugin alike, keep the library's prints off the frames and the frames out of its
 * reads, and the JVM host loads no engine.
 */
@Timeout(90)
class NativeHostTest {
    private static final Duration EXIT = Duration.ofSeconds(20);
    /**
     * A tools library whose one tool, in every call, says it runs (a notification), then waits up to 5 s for standard
     * input and reads what is there, writes what looks like an 'R' frame and a line to standard output, and answers
     * how many bytes it read: 0 when its standard input is /dev/null, the bytes of the next frame when it is the
     * host's protocol input, -2 when nothing came.
     */
    private static final String STDIO_LIBRARY = """
            #include <poll.h>
            #include <stdio.h>
            #include <unistd.h>
            #include "jmcp_plugin.h"

            static PluginAPI api;
            static const PluginTool tool = {"stdio", "Reads standard input, writes standard output",
                    "{\\"type\\":\\"object\\"}"};

            static const char* name(void) { return "stdio"; }
            static const char* version(void) { return "1"; }
            static JmcpPluginType type(void) { return JMCP_PLUGIN_TOOLS; }
            static int initialize(void) { return 1; }
            static void shutdown(void) {}
            static int count(void) { return 1; }
            static const PluginTool* get(int index) { return index == 0 ? &tool : NULL; }

            static char* handle(const char* request) {
                (void) request;
                api.notifications->SendToClient("stdio", "{\\"jsonrpc\\":\\"2.0\\","
                        "\\"method\\":\\"notifications/message\\","
                        "\\"params\\":{\\"level\\":\\"info\\",\\"data\\":\\"reading\\"}}");
                struct pollfd in = {0, POLLIN, 0};
                char taken[65536];
                long n = poll(&in, 1, 5000) > 0 ? (long) read(0, taken, sizeof taken) : -2;
                static const char frame[12] = {'R', 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
                if (write(1, frame, sizeof frame) != sizeof frame) return NULL;
                printf("\\nprinted to standard output after reading %ld bytes\\n", n);
                fflush(stdout);
                char* result = jmcp_alloc_result(128);
                snprintf(result, 128, "{\\"content\\":[{\\"type\\":\\"text\\",\\"text\\":\\"read %ld\\"}],"
                        "\\"isError\\":false}", n);
                return result;
            }

            JMCP_EXPORT PluginAPI* CreatePlugin(void) {
                api = (PluginAPI) {name, version, type, initialize, handle, shutdown, count, get,
                        NULL, NULL, NULL, NULL, NULL};
                return &api;
            }

            JMCP_EXPORT void DestroyPlugin(PluginAPI* table) { (void) table; }
            """;

    private static String request(long id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static String tool(String name, String arguments) {
        return "{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}";
    }

    static Stream<Arguments> calls() {
        return Stream.of(
                Arguments.of("sample-tools", List.of(
                        request(1, "tools/call", tool("echo", "{\"text\":\"hello \\\"native\\\" é\"}")),
                        request(2, "tools/call", "{\"name\":\"count\",\"arguments\":{\"steps\":3},"
                                + "\"_meta\":{\"progressToken\":\"jmcp-2\"}}"),
                        request(3, "tools/call", tool("log", "{\"text\":\"from C\"}")))),
                Arguments.of("sample-prompts", List.of(
                        request(1, "prompts/get", "{\"name\":\"code-review\",\"arguments\":{\"language\":\"C\"}}"),
                        request(2, "prompts/get", "{\"name\":\"summary\",\"arguments\":{}}"))),
                Arguments.of("sample-resources", List.of(
                        request(1, "resources/read", "{\"uri\":\"sample:///motto\"}"),
                        request(2, "resources/read", "{\"uri\":\"sample:///settings.json\"}"))),
                Arguments.of("test-rough", List.of(
                        request(1, "tools/call", tool("print", "{}")),
                        request(2, "tools/call", tool("progress", "{}")),
                        request(3, "tools/call", "{\"name\":\"progress\",\"arguments\":{},"
                                + "\"_meta\":{\"progressToken\":\"jmcp-3\"}}"),
                        request(4, "tools/call", tool("log", "{}")))),
                Arguments.of("test-faulty", List.of(
                        request(1, "tools/call", tool("fail", "{}")),
                        request(2, "tools/call", tool("null", "{}")),
                        request(3, "tools/call", tool("malformed", "{}")),
                        request(4, "tools/call", tool("notify_from_thread", "{}")))));
    }

    /** Hello, then each call's notifications and its end; end of input ends the host with 0. */
    private static List<Frame> conversation(String host, String library, List<String> requests) throws Exception {
        var frames = new ArrayList<Frame>();
        try (HostProcess process = HostProcess.start(NativeChildTest.host(host), SampleLibraries.path(library))) {
            frames.add(process.next());
            for (int i = 0; i < requests.size(); i++) frames.addAll(process.answer(i + 1, requests.get(i)));
            assertThat(process.closeInputAndWait(EXIT)).as(host + " exit status").isZero();
        }
        return frames;
    }

    @ParameterizedTest
    @MethodSource("calls")
    void bothHostsAnswerTheSameFramesForTheSameLibraryCalls(String library, List<String> requests) throws Exception {
        List<Frame> c = conversation("c", library, requests);
        List<Frame> jvm = conversation("jvm", library, requests);
        assertThat(c.getFirst().type()).isEqualTo('H');
        assertThat(c).filteredOn(f -> f.type() == 'R' || f.type() == 'N').hasSize(requests.size());
        assertThat(jvm).containsExactlyElementsOf(c);
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "jvm"})
    void aNotificationCarriesItsCallsIdOrZeroFromAThreadOfTheLibrarysOwn(String host) throws Exception {
        assertThat(conversation(host, "test-faulty", List.of(request(1, "tools/call", tool("notify_from_thread", "{}")))))
                .extracting(Frame::type, Frame::id).containsExactly(tuple('H', 0L), tuple('M', 0L), tuple('R', 1L));
        assertThat(conversation(host, "test-rough", List.of(request(7, "tools/call", tool("log", "{}")))))
                .extracting(Frame::type, Frame::id).containsExactly(tuple('H', 0L), tuple('M', 1L), tuple('R', 1L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "jvm"})
    void aLibraryThatIsNotAPluginGetsItsReasonInAnEFrameAndStatus2(String host) throws Exception {
        try (HostProcess process = HostProcess.start(NativeChildTest.host(host),
                SampleLibraries.path("test-broken-initialize"))) {
            assertThat(process.next()).isEqualTo(new Frame('E', 0, "Initialize() returned 0"));
            assertThat(process.waitFor(EXIT)).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "jvm"})
    void whatTheLibraryPrintsGoesToStandardErrorNotBetweenTheFrames(String host) throws Exception {
        try (HostProcess process = HostProcess.start(NativeChildTest.host(host), SampleLibraries.path("test-rough"))) {
            assertThat(process.next().type()).isEqualTo('H');
            for (int id = 1; id <= 3; id++) {
                // One whole 'R' frame per call: a print among the frames would have broken the header that follows.
                assertThat(process.answer(id, request(id, "tools/call", tool("print", "{}"))))
                        .containsExactly(new Frame('R', id,
                                "{\"content\":[{\"type\":\"text\",\"text\":\"printed three lines\"}],\"isError\":false}"));
            }
            assertThat(process.closeInputAndWait(EXIT)).isZero();
            assertThat(process.stderr()).contains("printed by std::cout", "printed by write(1)");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "jvm"})
    void aLibraryReadingStandardInputFindsItEmptyAndWritingStandardOutputDisturbsNoFrame(String host,
                                                                                          @TempDir Path folder)
            throws Exception {
        Path library = SampleLibraries.compile(folder, "stdio", STDIO_LIBRARY);
        String answer = "{\"content\":[{\"type\":\"text\",\"text\":\"read 0\"}],\"isError\":false}";
        String note = "stdio\0{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":"
                + "\"info\",\"data\":\"reading\"}}";
        try (HostProcess process = HostProcess.start(NativeChildTest.host(host), library)) {
            assertThat(process.next().type()).isEqualTo('H');
            process.call(1, request(1, "tools/call", tool("stdio", "{}")));
            assertThat(process.next()).isEqualTo(new Frame('M', 1, note));
            // Call 1 is reading standard input now: were it the protocol's, it would take this frame.
            process.call(2, request(2, "tools/call", tool("stdio", "{}")));
            var frames = new ArrayList<Frame>();
            for (int i = 0; i < 3; i++) frames.add(process.next());
            assertThat(frames).containsExactly(new Frame('R', 1, answer), new Frame('M', 2, note),
                    new Frame('R', 2, answer));
            assertThat(process.closeInputAndWait(EXIT)).isZero();
            assertThat(process.stderr()).contains("printed to standard output after reading 0 bytes");
        }
    }

    @Test
    void theJvmHostLoadsNoEngineMethodTableRegistryOrTransport() throws Exception {
        List<String> host = NativeHost.jvm(List.of("-Xlog:class+load=info:stderr"));
        try (HostProcess process = HostProcess.start(host, SampleLibraries.path("sample-tools"))) {
            assertThat(process.next().type()).isEqualTo('H');
            assertThat(process.answer(1, request(1, "tools/call", tool("echo", "{\"text\":\"x\"}"))).getLast().type())
                    .isEqualTo('R');
            assertThat(process.closeInputAndWait(EXIT)).isZero();
            List<String> loaded = process.stderr().lines().filter(line -> line.contains("[class,load]")).toList();
            // The log is the one asked for: the host's own classes are in it.
            assertThat(loaded).anyMatch(line -> line.contains(" dev.jmcp.server.nativeabi.NativeLibrary "))
                    .anyMatch(line -> line.contains(" dev.jmcp.server.nativeabi.NativeHostMain "));
            assertThat(loaded).noneMatch(line -> line.contains(" dev.jmcp.server.engine."))
                    .noneMatch(line -> line.contains(" dev.jmcp.server.methods."))
                    .noneMatch(line -> line.contains(" dev.jmcp.server.registry."))
                    .noneMatch(line -> line.contains(" dev.jmcp.server.stdio.StdioTransport"));
        }
    }
}

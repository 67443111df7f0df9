package dev.jmcp.server.nativeabi;

import dev.jmcp.server.stdio.StandardOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.helpers.NOPLogger;

import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A native library loaded into a server started as {@code bin/jmcp} starts it (standard output moved to descriptor 3
 * by the shell, so inheritable) starts a program with {@code system()} while it loads: the program does not get the
 * client's pipe. A real child JVM, a library compiled here, and the program's own view of its descriptors.
 */
@EnabledOnOs(OS.LINUX)
@Timeout(120)
class InProcessProtocolDescriptorTest {
    /** A shell command that writes to a file whether the shell has descriptor 3, the client's pipe. */
    private static final String HAS_3 = "if [ -e /proc/$$/fd/3 ]; then echo inherited; else echo closed; fi > ";

    private static final String SPAWNING_LIBRARY = """
            #include <stdlib.h>
            #include "jmcp_plugin.h"

            static PluginAPI api;
            static const PluginTool tool = {"noop", "Does nothing", "{\\"type\\":\\"object\\"}"};

            static const char* name(void) { return "spawning"; }
            static const char* version(void) { return "1"; }
            static JmcpPluginType type(void) { return JMCP_PLUGIN_TOOLS; }
            static int initialize(void) { return 1; }
            static void shutdown(void) {}
            static int count(void) { return 1; }
            static const PluginTool* get(int index) { return index == 0 ? &tool : NULL; }
            static char* handle(const char* request) { (void) request; return NULL; }

            JMCP_EXPORT PluginAPI* CreatePlugin(void) {
                system("if [ -e /proc/$$/fd/3 ]; then echo inherited; else echo closed; fi > \\"$JMCP_TEST_REPORT\\"");
                api = (PluginAPI) {name, version, type, initialize, handle, shutdown, count, get,
                        NULL, NULL, NULL, NULL, NULL};
                return &api;
            }

            JMCP_EXPORT void DestroyPlugin(PluginAPI* plugin) { (void) plugin; }
            """;

    /**
     * A child's main, as the jmcp command over stdio: takes standard output, then, with {@code system()} of its own,
     * asks a program whether it has descriptor 3 (the check must see an inherited one), loads the library in process,
     * and writes both answers to the protocol.
     */
    public static final class Probe {
        public static void main(String[] args) throws Throwable {
            OutputStream protocol = StandardOutput.takeStandardOutput(NOPLogger.NOP_LOGGER);
            Path before = Path.of(args[1]);
            Linker linker = Linker.nativeLinker();
            MethodHandle system = linker.downcallHandle(linker.defaultLookup().find("system").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            try (Arena arena = Arena.ofConfined()) {
                int ignored = (int) system.invokeExact(arena.allocateFrom(HAS_3 + "'" + before + "'"));
            }
            NativePlugin plugin = NativePlugin.load(Path.of(args[0]), NativeOptions.DEFAULTS);
            plugin.retire();
            String report = "before loading: " + Files.readString(before).strip() + "\nthe library's program: "
                    + Files.readString(Path.of(System.getenv("JMCP_TEST_REPORT"))).strip() + "\n";
            protocol.write(report.getBytes(StandardCharsets.UTF_8));
            protocol.flush();
        }
    }

    @Test
    void aProgramTheLibraryStartsDoesNotGetTheClientsPipe(@TempDir Path folder) throws Exception {
        Path library = SampleLibraries.compile(folder, "spawning", SPAWNING_LIBRARY);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = List.of("/bin/sh", "-c", "exec 3>&1 1>&2; exec \"$@\"", "sh", java,
                "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/java.io=ALL-UNNAMED",
                "-D" + StandardOutput.MOVED_DESCRIPTOR + "=3", "-cp", System.getProperty("java.class.path"),
                Probe.class.getName(), library.toString(), folder.resolve("before.txt").toString());
        Path errors = folder.resolve("stderr.txt");
        var builder = new ProcessBuilder(command).redirectError(errors.toFile());
        builder.environment().put("JMCP_TEST_REPORT", folder.resolve("library.txt").toString());
        Process child = builder.start();
        child.getOutputStream().close();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(() -> out + readQuietly(errors)).isZero();
        assertThat(out).isEqualTo("before loading: inherited\nthe library's program: closed\n");
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}

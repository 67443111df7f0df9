package dev.jmcp.server.stdio;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.slf4j.helpers.NOPLogger;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Once native code is to be loaded, the descriptor the protocol is written to is close-on-exec in a real process,
 * where the JVM moves standard output itself and where {@code bin/jmcp} moved it before the JVM started: a program
 * that native code in the server starts with {@code system()} (which, unlike the JDK's {@code ProcessBuilder}, closes
 * nothing) does not get the client's pipe. Linux: the probe reads the descriptors' flags from {@code /proc}. That
 * loading a native library in process does it is the plugin kinds' test.
 */
@EnabledOnOs(OS.LINUX)
@Timeout(60)
class CloseOnExecTest {
    /** {@code O_CLOEXEC} as {@code /proc/PID/fdinfo} shows it in {@code flags} (octal). */
    private static final int O_CLOEXEC = 02000000;

    /**
     * A child's main: takes standard output as the server does, then writes to the protocol, for every descriptor on
     * the client's pipe, whether it is close-on-exec and whether a shell that {@code system()} starts has it, before
     * and after {@link StandardOutput#closeOnExecBeforeNativeCode} (called twice: once does it); and the same for
     * standard error, which must be inherited (so the check can see an inherited descriptor).
     */
    public static final class Probe {
        public static void main(String[] args) throws Throwable {
            boolean moved = args[0].equals("moved");
            String clientPipe = link(moved ? 3 : 1);
            StandardOutput.prepare();
            OutputStream protocol = StandardOutput.takeStandardOutput(NOPLogger.NOP_LOGGER);
            var report = new StringBuilder();
            report(descriptorsOn(clientPipe), report);
            report.append("closeOnExecBeforeNativeCode ").append(StandardOutput.closeOnExecBeforeNativeCode())
                    .append(' ').append(StandardOutput.closeOnExecBeforeNativeCode()).append('\n');
            report(descriptorsOn(clientPipe), report);
            report.append("stderr inherited=").append(inheritedBySystem(2)).append('\n');
            protocol.write(report.toString().getBytes(StandardCharsets.UTF_8));
            protocol.flush();
        }

        private static void report(List<Integer> descriptors, StringBuilder report) throws Throwable {
            for (int descriptor : descriptors) {
                report.append(descriptor).append(" closeOnExec=").append(closeOnExec(descriptor))
                        .append(" inherited=").append(inheritedBySystem(descriptor)).append('\n');
            }
        }

        private static String link(int descriptor) throws IOException {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/" + descriptor)).toString();
        }

        private static List<Integer> descriptorsOn(String pipe) throws IOException {
            var found = new ArrayList<Integer>();
            try (var entries = Files.list(Path.of("/proc/self/fd"))) {
                for (Path entry : entries.toList()) {
                    try {
                        if (Files.readSymbolicLink(entry).toString().equals(pipe)) {
                            found.add(Integer.parseInt(entry.getFileName().toString()));
                        }
                    } catch (IOException gone) {
                        // the listing's own descriptor, closed by now
                    }
                }
            }
            return found;
        }

        private static boolean closeOnExec(int descriptor) throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + descriptor))) {
                if (line.startsWith("flags:")) return (Integer.parseInt(line.substring(6).trim(), 8) & O_CLOEXEC) != 0;
            }
            throw new IOException("no flags for descriptor " + descriptor);
        }

        /** Whether a shell started by the C library's {@code system()} has {@code descriptor} open. */
        private static boolean inheritedBySystem(int descriptor) throws Throwable {
            Linker linker = Linker.nativeLinker();
            MethodHandle system = linker.downcallHandle(linker.defaultLookup().find("system").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            try (Arena arena = Arena.ofConfined()) {
                int status = (int) system.invokeExact(arena.allocateFrom("test -e /proc/$$/fd/" + descriptor));
                return status == 0;
            }
        }
    }

    @Test
    void theDescriptorTheJvmMovedStandardOutputToIsNotInheritedOnceNativeCodeIsToBeLoaded() throws Exception {
        String report = run(List.of(java(), "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Probe.class.getName(), "jvm"));
        // One descriptor on the client's pipe, a copy above 2 (descriptor 1 is standard error's now).
        assertThat(report).matches("""
                ([3-9]|[1-9][0-9]+) closeOnExec=false inherited=true
                closeOnExecBeforeNativeCode true true
                \\1 closeOnExec=true inherited=false
                stderr inherited=true
                """);
    }

    @Test
    void theDescriptorTheLauncherMovedStandardOutputToIsNotInheritedOnceNativeCodeIsToBeLoaded() throws Exception {
        // As bin/jmcp does: descriptor 3 is the client's pipe, 1 a copy of standard error.
        String report = run(List.of("/bin/sh", "-c", "exec 3>&1 1>&2; exec \"$@\"", "sh", java(),
                "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/java.io=ALL-UNNAMED",
                "-D" + StandardOutput.MOVED_DESCRIPTOR + "=3", "-cp", System.getProperty("java.class.path"),
                Probe.class.getName(), "moved"));
        assertThat(report).isEqualTo("""
                3 closeOnExec=false inherited=true
                closeOnExecBeforeNativeCode true true
                3 closeOnExec=true inherited=false
                stderr inherited=true
                """);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String run(List<String> command) throws Exception {
        Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        child.getOutputStream().close();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(out).isZero();
        return out;
    }
}

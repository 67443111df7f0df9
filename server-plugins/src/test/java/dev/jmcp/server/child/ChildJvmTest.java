package dev.jmcp.server.child;

import dev.jmcp.client.stdio.ChildProcessLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Child JVMs' command lines, run by the launcher: what a child writes to standard output is its own, the JVM's output is not. */
@Timeout(60)
class ChildJvmTest {
    @TempDir
    Path folder;

    /** A child's main: its arguments on standard output, one line, and nothing else. */
    public static final class Echo {
        public static void main(String[] args) {
            System.out.println(String.join(" ", args));
        }
    }

    @Test
    void aChildJvmRunsOnThisRuntimeAndClassPathAndItsStdoutIsOnlyWhatItsMainWrote() throws Exception {
        // An option the JVM warns about (a deprecated flag): the warning must not reach standard output.
        List<String> command = ChildJvm.java(List.of("-Xmx32m", "-XX:+UseSerialGC", "-XX:-UseCompressedClassPointers"),
                Echo.class.getName(), List.of("one", "two"));
        assertThat(command.getFirst()).startsWith(System.getProperty("java.home"));

        Process child = ChildProcessLauncher.start(command, Map.of(), folder, ProcessBuilder.Redirect.PIPE);
        child.getOutputStream().close();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(err).isZero();
        assertThat(out).isEqualTo("one two" + System.lineSeparator());
    }

    @Test
    void aJarsChildRunsTheServersOwnHostWithNativeAccessAndTheFolder() {
        // The server's tests run without the CLI on the class path, as an embedder's program may: nothing of it is named.
        assertThat(ChildJvm.JAR_HOST_MAIN).isEqualTo(dev.jmcp.server.process.JarHostMain.class.getName());
        List<String> command = ChildJvm.jarHost(folder);
        assertThat(command).contains("--enable-native-access=ALL-UNNAMED")
                .endsWith(ChildJvm.JAR_HOST_MAIN, folder.toString())
                .noneMatch(part -> part.contains("dev.jmcp.cli"));
    }
}

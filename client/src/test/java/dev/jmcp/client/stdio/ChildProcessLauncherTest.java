package dev.jmcp.client.stdio;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The launcher on real processes, played by a shell: environment, working directory, the three streams. */
@Timeout(20)
class ChildProcessLauncherTest {
    @TempDir
    Path folder;

    @Test
    void theChildGetsThisEnvironmentPlusTheGivenInItsFolderWithPipedStreams() throws Exception {
        Process child = ChildProcessLauncher.start(
                List.of("sh", "-c", "read line; echo \"$line $GREETING ${PATH:+path}\"; pwd; echo oops >&2"),
                Map.of("GREETING", "hello"), folder, Redirect.PIPE);
        child.getOutputStream().write("in\n".getBytes(StandardCharsets.UTF_8));
        child.getOutputStream().close();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(out.lines().toList()).containsExactly("in hello path", folder.toRealPath().toString());
        assertThat(err).isEqualTo("oops\n");
    }

    @Test
    void anInheritedStandardErrorIsNotPiped() throws Exception {
        Process child = ChildProcessLauncher.start(List.of("sh", "-c", "exit 0"), Map.of(), null, Redirect.INHERIT);
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(child.getErrorStream().read()).as("no pipe: the JDK gives an empty stream").isEqualTo(-1);
    }

    @Test
    void aCommandThatCannotStartSaysWhy() {
        assertThatThrownBy(() -> ChildProcessLauncher.start(List.of(folder.resolve("no-such-program").toString()),
                Map.of(), folder, Redirect.PIPE)).isInstanceOf(IOException.class).hasMessageContaining("no-such-program");
    }
}

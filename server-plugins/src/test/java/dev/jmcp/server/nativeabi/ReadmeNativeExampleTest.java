package dev.jmcp.server.nativeabi;

import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The C plugin of the README, taken from the README itself, builds with its gcc command line and answers as shown. */
@Timeout(60)
class ReadmeNativeExampleTest {
    private static final Pattern C_BLOCK = Pattern.compile("```c\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern BUILD = Pattern.compile("`(cc -shared [^`]*)`");

    @Test
    void readmesCPluginBuildsLoadsAndAnswers() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        var code = C_BLOCK.matcher(readme);
        assertThat(code.find()).as("the README has a C example").isTrue();
        var build = BUILD.matcher(readme);
        assertThat(build.find()).as("the README says how to build it").isTrue();
        assertThat(code.group(1).lines().count()).isLessThan(40);

        Path folder = Files.createTempDirectory("jmcp-readme-native-");
        SampleLibraries.copyHeader(Files.createDirectories(folder.resolve("examples/native/include")));
        Files.writeString(folder.resolve("hello.c"), code.group(1));
        Process cc = new ProcessBuilder(List.of("sh", "-c", build.group(1))).directory(folder.toFile())
                .redirectErrorStream(true).start();
        assertThat(cc.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(cc.exitValue()).as(new String(cc.getInputStream().readAllBytes())).isZero();

        NativePlugin plugin = NativePlugin.load(folder.resolve("libhello.so"), NativeOptions.DEFAULTS);
        try {
            var hello = plugin.contribution().tools().getFirst();
            assertThat(hello.tool().name()).isEqualTo("hello");
            var result = hello.handler().call(Map.of(), RecordingContext.plain());
            assertThat(result.content()).containsExactly(new TextContent("Hello from C"));
            assertThat(result.isError()).isFalse();
        } finally {
            plugin.retire();
            assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
            try (var files = Files.walk(folder)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(file);
            }
        }
    }
}

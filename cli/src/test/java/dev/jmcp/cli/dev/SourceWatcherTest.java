package dev.jmcp.cli.dev;

import dev.jmcp.cli.Jmcp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class SourceWatcherTest {
    @TempDir
    Path project;

    @Test
    void aSaveUnderSrcOrOfThePomIsOneChangeAndTargetIsIgnored() throws Exception {
        Path sources = Files.createDirectories(project.resolve("src/main/java/a"));
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        Files.createDirectories(project.resolve("target"));
        var changes = new LinkedBlockingQueue<String>();
        try (var watcher = new SourceWatcher(project, Duration.ofMillis(200))) {
            Thread thread = Thread.ofPlatform().daemon().start(() -> {
                try {
                    watcher.run(() -> changes.add("change"));
                } catch (java.io.IOException e) {
                    changes.add("failed: " + e);
                }
            });
            // Several writes of one save are one change.
            Files.writeString(sources.resolve("A.java"), "class A {}");
            Files.writeString(sources.resolve("A.java"), "class A { }");
            assertThat(changes.poll(20, TimeUnit.SECONDS)).isEqualTo("change");
            // A folder made after the start is watched too.
            Path newer = Files.createDirectories(sources.resolve("b"));
            assertThat(changes.poll(20, TimeUnit.SECONDS)).isEqualTo("change");
            Files.writeString(newer.resolve("B.java"), "class B {}");
            assertThat(changes.poll(20, TimeUnit.SECONDS)).isEqualTo("change");
            Files.writeString(project.resolve("pom.xml"), "<project></project>");
            assertThat(changes.poll(20, TimeUnit.SECONDS)).isEqualTo("change");
            // What a build writes is no change.
            Files.writeString(project.resolve("target/x.jar"), "x");
            assertThat(changes.poll(1, TimeUnit.SECONDS)).isNull();
            watcher.close();
            thread.join(10_000);
            assertThat(thread.isAlive()).isFalse();
        }
    }

    @Test
    void devOutsideAPluginProjectIsAUsageError() {
        var err = new StringWriter();
        int code = Jmcp.commandLine(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))
                .execute("dev", project.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("holds no pom.xml");
    }
}

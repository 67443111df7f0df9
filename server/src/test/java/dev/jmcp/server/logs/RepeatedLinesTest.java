package dev.jmcp.server.logs;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Repeated log lines through the tests' real logging backend (slf4j-simple, which writes to whatever
 * {@code System.err} is when it logs): the first lines of a cause are written, the rest counted, and the count is
 * written when the window ends.
 */
@Timeout(30)
class RepeatedLinesTest {
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private PrintStream stderr;

    @BeforeEach
    void capture() {
        stderr = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setErr(stderr);
    }

    private List<String> warnings() {
        synchronized (captured) {
            return captured.toString(StandardCharsets.UTF_8).lines().filter(line -> line.contains("WARN")).toList();
        }
    }

    @Test
    void theFirstLinesOfACauseAreWrittenTheRestCountedAndTheCountWrittenWhenTheWindowEnds() throws Exception {
        var lines = new RepeatedLines(LoggerFactory.getLogger("lines-test"), 2, Duration.ofMillis(500));
        long start = System.nanoTime();
        for (int i = 0; i < 10; i++) lines.warn("refused status=401 reason=bad");
        lines.warn("refused status=403 reason=scope");
        assertThat(System.nanoTime() - start).as("logged within the window")
                .isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
        assertThat(warnings()).as("before the window ends").hasSize(3).allSatisfy(line ->
                assertThat(line).doesNotContain("(repeated"));
        assertThat(warnings().getFirst()).endsWith("refused status=401 reason=bad");

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (warnings().size() < 4 && System.nanoTime() < deadline) {
            synchronized (captured) {
                captured.wait(20);
            }
        }
        assertThat(warnings()).hasSize(4);
        assertThat(warnings().getLast())
                .endsWith("refused status=401 reason=bad (repeated 8 more times in the last 500 ms)");

        // A new window: the cause is written again from its first line.
        lines.warn("refused status=401 reason=bad");
        assertThat(warnings()).hasSize(5);
        assertThat(warnings().getLast()).endsWith("refused status=401 reason=bad");
    }
}

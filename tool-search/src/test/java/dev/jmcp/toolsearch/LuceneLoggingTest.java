package dev.jmcp.toolsearch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Lucene logs through {@code java.util.logging} reaches the tests' SLF4J backend (slf4j-simple, which writes to
 * whatever {@code System.err} is when it logs, at INFO and above) once an index exists, and never
 * {@code java.util.logging}'s own console handler; its Vector API notes go at DEBUG, so they are not printed here.
 */
@Timeout(30)
class LuceneLoggingTest {
    @Test
    void luceneLinesGoToTheLogAndItsVectorApiNoteOnlyAtDebug() throws Exception {
        try (var index = new HybridToolIndexFactory().index("none", null)) {
            assertThat(index).isNotNull();
        }
        Logger lucene = Logger.getLogger("org.apache.lucene");
        assertThat(lucene.getUseParentHandlers()).as("Lucene's lines stay out of the JDK's console handler").isFalse();

        var captured = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Logger.getLogger("org.apache.lucene.store.Example").warning("a store warning");
            Logger.getLogger("org.apache.lucene.internal.vectorization.VectorizationProvider").warning(
                    "Java vector incubator module is not readable.");
        } finally {
            System.setErr(stderr);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log).contains("WARN org.apache.lucene.store.Example - a store warning")
                .doesNotContain("incubator");
    }
}

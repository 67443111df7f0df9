package dev.jmcp.cli;

import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.cli.logging.StampedConsoleWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class LogSetupTest {

    @Test
    void consoleWritesEveryLevelToStandardError() {
        assertThat(LogSetup.properties(false, Optional.empty()))
                .containsEntry("writer1", StampedConsoleWriter.class.getName())
                .containsEntry("level", "info")
                .doesNotContainKey("writer2");
        assertThat(LogSetup.properties(false, Optional.empty(), LogSetup.FileFormat.TEXT, false))
                .containsEntry("writer1", "console")
                .containsEntry("writer1.stream", "err");
    }

    @Test
    void consoleLinesCarryTheTimeOfDayUnlessTheClientStampsThem() {
        assertThat(LogSetup.properties(false, Optional.empty()).get("writer1"))
                .isEqualTo(StampedConsoleWriter.class.getName());
        assertThat(LogSetup.properties(false, Optional.empty(), LogSetup.FileFormat.TEXT, false).get("writer1.format"))
                .startsWith("{level").doesNotContain("{date");
        // A log file keeps date and time either way.
        assertThat(LogSetup.properties(false, Optional.of(Path.of("/tmp/logs/jmcp.log")), LogSetup.FileFormat.TEXT,
                false).get("writer2.format")).startsWith("{date:yyyy-MM-dd HH:mm:ss.SSS} ");
    }

    @Test
    void verboseMeansDebug() {
        assertThat(LogSetup.properties(true, Optional.empty())).containsEntry("level", "debug");
    }

    @Test
    void verboseIsJmcpsDebugNotJettys() {
        assertThat(LogSetup.properties(true, Optional.empty())).containsEntry("level@org.eclipse.jetty", "warn");
        assertThat(LogSetup.properties(false, Optional.empty())).containsEntry("level@org.eclipse.jetty", "warn");
    }

    @Test
    void aLogFileAddsAFileWriter() {
        Path file = Path.of("/tmp/logs/jmcp.log");

        assertThat(LogSetup.properties(false, Optional.of(file)))
                .containsEntry("writer2", "file")
                .containsEntry("writer2.file", file.toString());
    }

    @Test
    void logFileNameHoldsStartTimeAndPid() {
        Path file = LogSetup.newLogFile(Path.of("logs"), LocalDateTime.of(2026, 3, 4, 5, 6, 7), 4242);

        assertThat(file).isEqualTo(Path.of("logs", "jmcp-20260304-050607-4242.log"));
    }

    /**
     * The only test in this JVM that configures tinylog: its configuration freezes once a logger is used. The console
     * lines, on standard error, start with the time of day.
     */
    @Test
    void slf4jAndSystemLoggerReachTheFileAndNothingReachesStandardOutput(@TempDir Path temp) throws Exception {
        PrintStream realOut = System.out;
        PrintStream realErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Path file;
        try {
            file = LogSetup.configure(false, temp.resolve("logs")).orElseThrow();
            LoggerFactory.getLogger(LogSetupTest.class).info("through slf4j");
            // A named logger shows its name, whoever calls it (a helper such as RepeatedLines logs for jmcp.audit).
            LoggerFactory.getLogger("jmcp.audit").warn("refused {} {}", "POST", 401);
            LoggerFactory.getLogger("org.eclipse.jetty.server.Server").info("below Jetty's level");
            LoggerFactory.getLogger(LogSetupTest.class).debug("below the level");
            System.getLogger("a.plugin").log(System.Logger.Level.INFO, "through System.Logger");
            System.getLogger("a.plugin").log(System.Logger.Level.DEBUG, "below the level");
        } finally {
            System.setOut(realOut);
            System.setErr(realErr);
        }

        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8))
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  LogSetupTest: through slf4j$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  jmcp.audit: refused POST 401$")
                .doesNotContain("below Jetty's level");
        assertThat(file.getFileName().toString()).matches("jmcp-\\d{8}-\\d{6}-\\d+\\.log");
        String logged = Files.readString(file);
        assertThat(logged).contains("INFO", "through slf4j", "through System.Logger").doesNotContain("below the level")
                // The file names the whole logger: the class's full name, a named logger as it is.
                .contains("dev.jmcp.cli.LogSetupTest: through slf4j", "jmcp.audit: refused POST 401",
                        "a.plugin: through System.Logger");
    }
}

package dev.jmcp.cli.dev;

import dev.jmcp.protocol.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What {@code jmcp dev} writes after each build for the console to show. */
@Timeout(10)
class ProjectBuildTest {
    @TempDir
    Path work;

    @Test
    void aFailedBuildIsReportedWithTheEndOfItsOutputAndAGoodOneReplacesIt() throws Exception {
        Path status = work.resolve("jmcp-dev/build.json");
        String output = "x".repeat(ProjectBuild.REPORTED_CHARS) + "\n[ERROR] Units.java:[3,1] ';' expected";
        ProjectBuild.report(new ProjectBuild.Outcome(Optional.empty(), output, 1234), status);
        var failed = (Map<?, ?>) JsonCodec.shared().parse(Files.readString(status));
        assertThat(failed.get("ok")).isEqualTo(false);
        assertThat(((Number) failed.get("millis")).longValue()).isEqualTo(1234);
        assertThat((String) failed.get("output")).startsWith("…").endsWith("';' expected")
                .hasSizeLessThanOrEqualTo(ProjectBuild.REPORTED_CHARS + 2);
        ProjectBuild.report(new ProjectBuild.Outcome(Optional.of(work.resolve("units.jar")), "", 800), status);
        assertThat(JsonCodec.shared().parse(Files.readString(status)).toString()).contains("ok=true");
        assertThat(status.resolveSibling("build.json.part")).doesNotExist();
    }
}

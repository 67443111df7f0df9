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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What {@code jmcp dev} writes after each build for the console to show, and how it runs a project's build. */
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

    @Test
    void aGradleProjectIsBuiltWithItsWrapperElseGradleOnThePathElseTheErrorSaysWhatToInstall() throws Exception {
        Path project = Files.createDirectories(work.resolve("units"));
        Files.writeString(project.resolve("build.gradle.kts"), "plugins { java }\n");
        assertThat(ProjectBuild.Tool.of(project)).isEqualTo(ProjectBuild.Tool.GRADLE);
        var build = new ProjectBuild(project, ProjectBuild.Tool.GRADLE);
        assertThat(build.output()).isEqualTo(project.resolve("build"));
        Path emptyPath = Files.createDirectories(work.resolve("bin-empty"));

        assertThatThrownBy(() -> build.command(emptyPath.toString()))
                .hasMessageContaining("no ./gradlew and there is no gradle on the PATH")
                .hasMessageContaining("install Gradle 8 or newer");

        Path bin = Files.createDirectories(work.resolve("bin"));
        executable(bin.resolve("gradle"), "#!/bin/sh\nexit 0\n");
        assertThat(build.command(emptyPath + java.io.File.pathSeparator + bin))
                .containsExactly("gradle", "-q", "--console=plain", "jar");

        // The wrapper wins: here one that does what a Gradle build leaves behind, a JAR in build/libs.
        Path wrapper = executable(project.resolve("gradlew"),
                "#!/bin/sh\nmkdir -p build/libs && printf 'jar' > build/libs/units-1.0.0.jar && echo built\n");
        assertThat(build.command(emptyPath.toString())).containsExactly(wrapper.toString(), "-q", "--console=plain",
                "jar");
        ProjectBuild.Outcome outcome = build.run();
        assertThat(outcome.jar()).contains(project.resolve("build/libs/units-1.0.0.jar"));
        assertThat(outcome.output()).contains("built");
    }

    @Test
    void aMavenProjectIsMavensEvenWithAGradleBuildBesideAndBuildFilesAreWatched() throws Exception {
        Path project = Files.createDirectories(work.resolve("both"));
        Files.writeString(project.resolve("build.gradle.kts"), "");
        assertThat(ProjectBuild.Tool.of(project)).isEqualTo(ProjectBuild.Tool.GRADLE);
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        assertThat(ProjectBuild.Tool.of(project)).isEqualTo(ProjectBuild.Tool.MAVEN);
        assertThat(ProjectBuild.Tool.of(work.resolve("nothing"))).isNull();
        assertThat(new ProjectBuild(project, ProjectBuild.Tool.MAVEN).output()).isEqualTo(project.resolve("target"));
        for (String file : new String[]{"pom.xml", "build.gradle.kts", "settings.gradle.kts", "build.gradle",
                "gradle.properties"}) {
            assertThat(ProjectBuild.Tool.isBuildFile(file)).as(file).isTrue();
        }
        assertThat(ProjectBuild.Tool.isBuildFile("README.md")).isFalse();
    }

    @Test
    void terminalEscapesInABuildsOutputAreTakenOutBeforeItIsShown() throws Exception {
        // As Maven 3.8.7 writes a failure with colour on (-Dstyle.color=always), and an OSC 8 link as some tools do.
        String coloured = "\u001B[0m\u001B[0m[\u001B[1;31mERROR\u001B[m] /p/Units.java:[3,1] ';' expected\n"
                + "\u001B]8;;https://maven.apache.org\u001B\\help\u001B]8;;\u001B\\ \u001B[2Kdone\u001B7\n";
        assertThat(ProjectBuild.plain(coloured))
                .isEqualTo("[ERROR] /p/Units.java:[3,1] ';' expected\nhelp done\n");

        // And from a real process: a Maven wrapper that writes them, the way the build's output is read.
        Path project = Files.createDirectories(work.resolve("coloured"));
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        var build = new ProjectBuild(project, ProjectBuild.Tool.MAVEN);
        Path wrapper = executable(project.resolve("mvnw"), "#!/bin/sh\n"
                + "printf '\\033[0m\\033[0m[\\033[1;31mERROR\\033[m] Units.java: %s\\n' \"$*\"\nexit 1\n");
        assertThat(build.command("")).containsExactly(wrapper.toString(), "-B", "-q", "-Dstyle.color=never",
                "package", "-DskipTests");
        ProjectBuild.Outcome failed = build.run();
        assertThat(failed.jar()).isEmpty();
        assertThat(failed.output()).doesNotContain("\u001B")
                .startsWith("[ERROR] Units.java: -B -q -Dstyle.color=never package -DskipTests");
    }

    private static Path executable(Path file, String script) throws java.io.IOException {
        Files.writeString(file, script);
        assertThat(file.toFile().setExecutable(true)).isTrue();
        return file;
    }
}

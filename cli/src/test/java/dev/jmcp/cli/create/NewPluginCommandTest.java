package dev.jmcp.cli.create;

import dev.jmcp.cli.Jmcp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class NewPluginCommandTest {
    @TempDir
    Path temp;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Jmcp.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void writesAMavenProjectWithTheServicesFileManifestNameShadingAndATest() throws IOException {
        Run run = run("new", "plugin", "git-tools", "--dir", temp.toString());

        assertThat(run.code()).as(run.err()).isZero();
        Path project = temp.resolve("git-tools");
        String pom = Files.readString(project.resolve("pom.xml"));
        assertThat(pom).contains("<artifactId>git-tools</artifactId>", "<groupId>com.example</groupId>",
                "<Jmcp-Plugin-Name>git-tools</Jmcp-Plugin-Name>", "maven-shade-plugin", "<parameters>true</parameters>",
                "<maven.compiler.release>25</maven.compiler.release>", "select-jdk-toolchain",
                "<artifactId>jmcp-plugin-testkit</artifactId>", "<scope>provided</scope>");
        assertThat(pom).doesNotContain("{{");
        // Run from classes, not from a distribution: no repository/ beside lib/, so the POM names Maven Central.
        assertThat(pom).contains("<jmcp.repository>https://repo.maven.apache.org/maven2</jmcp.repository>",
                "<url>${jmcp.repository}</url>");
        assertThat(project.resolve(".mvn/maven.config")).content().contains("-Daether.offline.protocols=file");
        assertThat(project.resolve("src/main/java/com/example/gittools/GitToolsPlugin.java")).content()
                .contains("package com.example.gittools;", "public final class GitToolsPlugin implements Plugin")
                .doesNotContain("{{");
        assertThat(project.resolve("src/test/java/com/example/gittools/GitToolsPluginTest.java")).content()
                .contains("PluginTestKit.plugin(GitToolsPlugin.class).name(\"git-tools\").start()", "forEachRevision");
        assertThat(project.resolve("src/main/resources/META-INF/services/dev.jmcp.plugin.Plugin")).content()
                .isEqualTo("com.example.gittools.GitToolsPlugin\n");
        assertThat(project.resolve("README.md")).content().contains("GIT_TOOLS_KEY", "git-tools.properties");
        assertThat(project.resolve("src/test/resources/tinylog-test.properties")).content().contains("level = info");
        assertThat(run.out()).contains("Created the plugin project " + project, "mvn package");
    }

    @Test
    void groupAndPackageCanBeChosen() {
        Run run = run("new", "plugin", "units", "--dir", temp.toString(), "--group", "org.acme", "--package",
                "org.acme.mcp.units");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(temp.resolve("units/src/main/java/org/acme/mcp/units/UnitsPlugin.java")).exists();
        assertThat(temp.resolve("units/pom.xml")).content().contains("<groupId>org.acme</groupId>");
    }

    @Test
    void gradleIsRefusedWithAClearMessageAndWritesNothing() {
        Run run = run("new", "plugin", "units", "--gradle", "--dir", temp.toString());

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("--gradle is not supported yet");
        assertThat(temp.resolve("units")).doesNotExist();
    }

    @Test
    void aNameThatIsNoPluginNameIsAUsageError() {
        Run run = run("new", "plugin", "My Plugin", "--dir", temp.toString());

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("'My Plugin' is not a plugin name");
        assertThat(temp.resolve("My Plugin")).doesNotExist();
    }

    @Test
    void anExistingProjectIsNeverOverwritten() throws IOException {
        Files.createDirectories(temp.resolve("units"));
        Files.writeString(temp.resolve("units/pom.xml"), "mine");

        Run run = run("new", "plugin", "units", "--dir", temp.toString());

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("already exists and is not empty");
        assertThat(temp.resolve("units/pom.xml")).content().isEqualTo("mine");
    }
}

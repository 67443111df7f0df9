package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The assembled distribution started the way a user starts it: {@code bin/jmcp} as a child process. */
class LauncherIT {
    private static Path home;

    @TempDir
    static Path temp;

    /** A PATH whose {@code java} is a fake that fails, and no JAVA_HOME: the launcher must not use either. */
    private static Path decoyBin;

    record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    static void findDistribution() throws IOException {
        home = Path.of(System.getProperty("jmcp.home", "target/jmcp")).toAbsolutePath();
        assertThat(home.resolve("bin/jmcp")).isExecutable();
        decoyBin = Files.createDirectories(temp.resolve("decoy-bin"));
        Path fakeJava = decoyBin.resolve("java");
        Files.writeString(fakeJava, "#!/bin/sh\necho 'the default java was used' >&2\nexit 99\n");
        Files.setPosixFilePermissions(fakeJava, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Run run(Path launcher, String... args) throws Exception {
        return run(launcher, Map.of(), args);
    }

    private static Run run(Path launcher, Map<String, String> extraEnv, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(temp, "out", ".txt");
        Path err = Files.createTempFile(temp, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> env = builder.environment();
        env.put("PATH", decoyBin + ":/usr/bin:/bin");
        env.put("JAVA_HOME", "/nonexistent");
        env.remove("JAVA_OPTS");
        env.remove("JMCP_OPTS");
        env.remove("JAVA_TOOL_OPTIONS");
        env.putAll(extraEnv);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("bin/jmcp " + String.join(" ", args) + " did not end within 30 s");
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static Run run(String... args) throws Exception {
        return run(home.resolve("bin/jmcp"), args);
    }

    @Test
    void versionPrintsTheBuildVersionOnTheBundledJava25() throws Exception {
        Run run = run("--version");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("jmcp " + System.getProperty("jmcp.version", ""))
                .contains("Java 25");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void serveHelpListsTheFlags() throws Exception {
        Run run = run("serve", "--help");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("--name", "--plugins", "--logs", "--verbose", "--page-size",
                "--max-message-size", "--http", "--sse", "--host", "--port", "--path");
    }

    @Test
    void theHeapIsBoundedByDefaultAndAnOperatorsBoundWins() throws Exception {
        // The JVM's own default is a quarter of the machine's memory, which G1 grew toward under bursts.
        Run defaults = run(home.resolve("bin/jmcp"), Map.of("JMCP_OPTS", "-XX:+PrintFlagsFinal"), "--version");
        assertThat(defaults.exitCode()).as(defaults.err()).isZero();
        assertThat(flag(defaults.out(), "MaxHeapSize")).isEqualTo(512L << 20);
        assertThat(flag(defaults.out(), "InitialHeapSize")).isEqualTo(16L << 20);

        Run sized = run(home.resolve("bin/jmcp"), Map.of("JMCP_OPTS", "-XX:+PrintFlagsFinal -Xmx1g"), "--version");
        assertThat(sized.exitCode()).as(sized.err()).isZero();
        assertThat(flag(sized.out(), "MaxHeapSize")).as("the operator's -Xmx").isEqualTo(1L << 30);
        assertThat(flag(sized.out(), "InitialHeapSize")).as("the launcher's -Xms still applies").isEqualTo(16L << 20);
    }

    /** The value of {@code name} in {@code -XX:+PrintFlagsFinal} output. */
    private static long flag(String output, String name) {
        var matcher = java.util.regex.Pattern.compile("\\s" + name + "\\s+=\\s+(\\d+)").matcher(output);
        assertThat(matcher.find()).as(name + " in the JVM's flags").isTrue();
        return Long.parseLong(matcher.group(1));
    }

    @Test
    void aBadOptionPrintsUsageOnStandardErrorWithExitCode2() throws Exception {
        Run run = run("serve", "--max-message-size", "lots");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("not a size", "Usage: jmcp serve");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void launcherWorksThroughASymlink() throws Exception {
        Path link = Files.createSymbolicLink(temp.resolve("jmcp-link"), home.resolve("bin/jmcp"));

        Run run;
        try {
            run = run(link, "--version");
        } finally {
            Files.delete(link);
        }

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("jmcp ");
    }

    @Test
    void overStdioTheLauncherMovesTheProtocolOffDescriptorOne() throws Exception {
        Path plugins = Files.createDirectories(temp.resolve("no-plugins"));
        try (var server = McpProcess.start(List.of(home.resolve("bin/jmcp").toString(), "serve", "-v", "-p",
                plugins.toString()), Map.of(), temp)) {
            server.initialize("2025-11-25", Map.of());
            assertThat(server.request("ping", Map.of())).containsKey("result");
            // Each line starts with its level: over stdio the client stamps the time of the server's lines itself.
            assertThat(server.stderr()).containsPattern(
                    "(?m)^DEBUG StdioServing: The protocol goes to descriptor 3, where bin/jmcp moved standard output");
            assertThat(server.nonProtocolLines()).isEmpty();
        }
    }

    @Test
    void distributionCarriesTheLicence() throws IOException {
        assertThat(Files.readString(home.resolve("LICENSE"))).contains("Apache License", "Version 2.0");
    }

    @Test
    void distributionBundlesTheSamplePlugins() {
        assertThat(home.resolve("plugins")).isDirectoryContaining("glob:**/weather.jar")
                .isDirectoryContaining("glob:**/code-review.jar")
                .isDirectoryContaining("glob:**/bacio-quote.jar")
                .isDirectoryContaining("glob:**/notification.jar")
                .isDirectoryContaining("glob:**/sleep.jar");
    }
}

package dev.jmcp.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class InstallCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper JSONC = com.fasterxml.jackson.databind.json.JsonMapper.builder()
            .enable(com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_JAVA_COMMENTS,
                    com.fasterxml.jackson.core.json.JsonReadFeature.ALLOW_TRAILING_COMMA).build();

    @TempDir
    Path temp;
    Path home;
    Path installation;
    Path invokedAs;

    @BeforeEach
    void anInstallationWithItsLauncherAndBundledPlugins() throws IOException {
        home = Files.createDirectories(temp.resolve("home"));
        installation = Files.createDirectories(temp.resolve("opt/jmcp"));
        Files.createDirectories(installation.resolve("bin"));
        Files.writeString(installation.resolve("bin/jmcp"), "#!/bin/sh\n");
        Files.createDirectories(installation.resolve("plugins"));
        Files.writeString(installation.resolve("plugins/weather.jar"), "jar");
        Files.writeString(installation.resolve("plugins/sleep.jar"), "jar");
    }

    private record Run(int code, String out, String err) {
    }

    private Run run(Platform platform, String... args) {
        var command = new InstallCommand();
        command.platform = platform;
        command.installation = installation;
        command.invokedAs = invokedAs;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(args[0]).isEqualTo("install");
        var line = new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        int code = line.execute(java.util.Arrays.copyOfRange(args, 1, args.length));
        return new Run(code, out.toString(), err.toString());
    }

    private Platform linux() {
        return new Platform(Platform.Os.LINUX, home, Map.of());
    }

    private String launcher() {
        return installation.resolve("bin/jmcp").toString();
    }

    private String defaultPlugins() {
        return home.resolve(".jmcp/plugins").toString();
    }

    @Test
    void claudeDesktopGetsAnEntryWithAbsolutePathsInItsLinuxSettingsFolder() throws IOException {
        Run run = run(linux(), "install", "claude-desktop");

        assertThat(run.code()).as(run.err()).isZero();
        Path file = home.resolve(".config/Claude/claude_desktop_config.json");
        JsonNode entry = JSON.readTree(file.toFile()).path("mcpServers").path("jmcp");
        assertThat(entry.path("command").asText()).isEqualTo(launcher());
        assertThat(entry.path("args")).extracting(JsonNode::asText)
                .containsExactly("serve", "-p", defaultPlugins());
        assertThat(entry.has("type")).as("Claude Desktop entries name no type").isFalse();
        assertThat(run.out()).contains("Created " + file);
    }

    @Test
    void aMissingPluginsFolderIsCreatedWithTheBundledPlugins() {
        Run run = run(linux(), "install", "cursor");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(home.resolve(".jmcp/plugins/weather.jar")).exists();
        assertThat(home.resolve(".jmcp/plugins/sleep.jar")).exists();
        assertThat(run.out()).contains("with the 2 bundled plugins");
    }

    @Test
    void anExistingFileIsMergedWithEverythingElseKeptAndABackupWritten() throws IOException {
        Path file = home.resolve(".cursor/mcp.json");
        Files.createDirectories(file.getParent());
        String before = """
                {
                  // Cursor tolerates comments; so do we.
                  "theme": "dark",
                  "mcpServers": {
                    "other": {"command": "/usr/bin/other", "args": ["--x"]},
                  },
                  "zzz": [1, 2, 3]
                }
                """;
        Files.writeString(file, before);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

        Run run = run(linux(), "install", "cursor");

        assertThat(run.code()).as(run.err()).isZero();
        JsonNode root = JSONC.readTree(file.toFile());
        assertThat(Files.readString(file)).contains("// Cursor tolerates comments; so do we.");
        assertThat(root.fieldNames()).toIterable().containsExactly("theme", "mcpServers", "zzz");
        assertThat(root.path("mcpServers").path("other").path("command").asText()).isEqualTo("/usr/bin/other");
        assertThat(root.path("mcpServers").path("jmcp").path("command").asText()).isEqualTo(launcher());
        assertThat(root.path("zzz")).hasSize(3);
        assertThat(Files.readString(file.resolveSibling("mcp.json.bak"))).isEqualTo(before);
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-r-----"));
        assertThat(run.out()).contains("Added \"jmcp\"");
    }

    @Test
    void vsCodesCommentsAreKeptWhetherTheEntryIsNewOrReplaced() throws IOException {
        Path file = home.resolve(".config/Code/User/mcp.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                {
                  /* Servers for every workspace. */
                  "servers": {
                    // the team's linter
                    "lint": {"type": "stdio", "command": "/usr/bin/lint"}
                  },
                  "inputs": [] // none yet
                }
                """);

        assertThat(run(linux(), "install", "vscode").code()).isZero();
        assertThat(run(linux(), "install", "vscode", "--", "--page-size", "5").code()).isZero();

        String text = Files.readString(file);
        assertThat(text).contains("/* Servers for every workspace. */", "// the team's linter", "// none yet");
        JsonNode root = JSONC.readTree(text);
        assertThat(root.path("servers").path("lint").path("command").asText()).isEqualTo("/usr/bin/lint");
        assertThat(root.path("servers").path("jmcp").path("args")).extracting(JsonNode::asText)
                .containsExactly("serve", "-p", defaultPlugins(), "--page-size", "5");
        assertThat(root.path("servers").path("jmcp").path("type").asText()).isEqualTo("stdio");
    }

    private Run uninstall(String... args) {
        var command = new UninstallCommand();
        command.platform = linux();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void uninstallRemovesOnlyItsEntryKeepingCommentsAndTheOtherServers() throws IOException {
        Path file = home.resolve(".config/Code/User/mcp.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                {
                  // mine
                  "servers": {
                    "lint": {"type": "stdio", "command": "/usr/bin/lint"}
                  }
                }
                """);
        assertThat(run(linux(), "install", "vscode").code()).isZero();
        String installed = Files.readString(file);

        Run dry = uninstall("vscode", "--dry-run");
        assertThat(dry.code()).isZero();
        assertThat(dry.out()).contains("Would remove \"jmcp\"");
        assertThat(Files.readString(file)).isEqualTo(installed);

        Run removed = uninstall("vscode");
        assertThat(removed.code()).as(removed.err()).isZero();
        assertThat(removed.out()).contains("Removed \"jmcp\"").contains("plugins folder was left");
        String text = Files.readString(file);
        assertThat(text).contains("// mine");
        JsonNode servers = JSONC.readTree(text).path("servers");
        assertThat(servers.fieldNames()).toIterable().containsExactly("lint");
        assertThat(Files.readString(file.resolveSibling("mcp.json.bak"))).isEqualTo(installed);
        assertThat(home.resolve(".jmcp/plugins/weather.jar")).exists();

        Run again = uninstall("vscode");
        assertThat(again.code()).isZero();
        assertThat(again.out()).contains("holds no \"jmcp\" under \"servers\"; nothing changed");
        assertThat(Files.readString(file)).isEqualTo(text);
    }

    @Test
    void uninstallUndoesAnInstallInAPlainJsonFile() throws IOException {
        assertThat(run(linux(), "install", "claude-code").code()).isZero();

        assertThat(uninstall("claude-code").code()).isZero();

        assertThat(JSON.readTree(home.resolve(".claude.json").toFile()).path("mcpServers").size()).isZero();
    }

    @Test
    void aConfigFileThatIsASymbolicLinkStaysOneAndItsTargetIsWritten() throws IOException {
        Path dotfiles = Files.createDirectories(temp.resolve("dotfiles"));
        Path real = Files.writeString(dotfiles.resolve("claude.json"), "{\"theme\": \"dark\"}\n");
        Path link = Files.createSymbolicLink(home.resolve(".claude.json"), real);

        Run run = run(linux(), "install", "claude-code");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        JsonNode root = JSON.readTree(real.toFile());
        assertThat(root.path("theme").asText()).isEqualTo("dark");
        assertThat(root.path("mcpServers").path("jmcp").path("command").asText()).isEqualTo(launcher());
    }

    @Test
    void theLauncherPathIsTheOneItWasStartedByWhenThatLinkOutlivesUpgrades() throws IOException {
        // /opt/jmcp-0.1.0 is this version; /opt/jmcp/current links to it and moves on upgrade.
        Path versioned = Files.createDirectories(temp.resolve("opt/jmcp-0.1.0"));
        Files.move(installation.resolve("bin"), versioned.resolve("bin"));
        installation = versioned;
        Path current = Files.createSymbolicLink(temp.resolve("opt/current"), versioned);
        invokedAs = current.resolve("bin/jmcp");

        Run run = run(linux(), "install", "claude-code");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(JSON.readTree(home.resolve(".claude.json").toFile()).path("mcpServers").path("jmcp")
                .path("command").asText()).isEqualTo(current.resolve("bin/jmcp").toString());
    }

    @Test
    void anExistingEmptyPluginsFolderIsLeftAloneAndInstallSaysSo() throws IOException {
        Path plugins = Files.createDirectories(home.resolve(".jmcp/plugins"));

        Run run = run(linux(), "install", "cursor");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(plugins).isEmptyDirectory();
        assertThat(run.out()).contains(plugins + " exists but is empty").contains("nothing was copied")
                .contains(installation.resolve("plugins").toString());
    }

    @Test
    void aSecondIdenticalInstallChangesNothing() throws IOException {
        assertThat(run(linux(), "install", "claude-code").code()).isZero();
        Path file = home.resolve(".claude.json");
        String first = Files.readString(file);
        var stamp = Files.getLastModifiedTime(file);

        Run again = run(linux(), "install", "claude-code");

        assertThat(again.code()).isZero();
        assertThat(again.out()).contains("already holds this \"jmcp\"; nothing changed");
        assertThat(Files.readString(file)).isEqualTo(first);
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(stamp);
        assertThat(file.resolveSibling(".claude.json.bak")).doesNotExist();
    }

    @Test
    void vsCodeListsServersUnderServersWithTheirTransportType() throws IOException {
        Run run = run(linux(), "install", "vscode", "--name", "tools", "--env", "WEATHER_BASE_URL=http://127.0.0.1:1",
                "--", "--page-size", "10");

        assertThat(run.code()).as(run.err()).isZero();
        JsonNode entry = JSON.readTree(home.resolve(".config/Code/User/mcp.json").toFile()).path("servers").path("tools");
        assertThat(entry.path("type").asText()).isEqualTo("stdio");
        assertThat(entry.path("args")).extracting(JsonNode::asText)
                .containsExactly("serve", "-p", defaultPlugins(), "-n", "tools", "--page-size", "10");
        assertThat(entry.path("env").path("WEATHER_BASE_URL").asText()).isEqualTo("http://127.0.0.1:1");
    }

    @Test
    void aChangedEntryReplacesTheOldOne() throws IOException {
        assertThat(run(linux(), "install", "claude-code").code()).isZero();
        Path plugins = Files.createDirectories(temp.resolve("my-plugins"));

        Run run = run(linux(), "install", "claude-code", "-p", plugins.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("Replaced \"jmcp\"");
        JsonNode entry = JSON.readTree(home.resolve(".claude.json").toFile()).path("mcpServers").path("jmcp");
        assertThat(entry.path("args").get(2).asText()).isEqualTo(plugins.toString());
        assertThat(entry.path("type").asText()).isEqualTo("stdio");
    }

    @ParameterizedTest
    @EnumSource(Platform.Os.class)
    void eachClientsUserFileIsWhereThatClientLooksOnEachSystem(Platform.Os os) {
        Path appData = temp.resolve("AppData/Roaming");
        var platform = new Platform(os, home, Map.of("APPDATA", appData.toString()));
        Path settings = switch (os) {
            case LINUX -> home.resolve(".config");
            case MAC -> home.resolve("Library/Application Support");
            case WINDOWS -> appData;
        };
        assertThat(ClientApp.CLAUDE_DESKTOP.userFile(platform))
                .isEqualTo(settings.resolve("Claude/claude_desktop_config.json"));
        assertThat(ClientApp.VSCODE.userFile(platform)).isEqualTo(settings.resolve("Code/User/mcp.json"));
        assertThat(ClientApp.CURSOR.userFile(platform)).isEqualTo(home.resolve(".cursor/mcp.json"));
        assertThat(ClientApp.CLAUDE_CODE.userFile(platform)).isEqualTo(home.resolve(".claude.json"));
    }

    @Test
    void xdgConfigHomeMovesTheLinuxSettingsFolder() {
        var platform = new Platform(Platform.Os.LINUX, home, Map.of("XDG_CONFIG_HOME", temp.resolve("xdg").toString()));
        assertThat(ClientApp.CLAUDE_DESKTOP.userFile(platform))
                .isEqualTo(temp.resolve("xdg/Claude/claude_desktop_config.json"));
    }

    @Test
    void aRelativeXdgConfigHomeIsIgnoredAsTheSpecificationSays() {
        var platform = new Platform(Platform.Os.LINUX, home, Map.of("XDG_CONFIG_HOME", "relative/xdg"));
        assertThat(ClientApp.CLAUDE_DESKTOP.userFile(platform))
                .isEqualTo(home.resolve(".config/Claude/claude_desktop_config.json"));
    }

    /** The clients are Node and Electron programs: they find their files under $HOME, not the password database's. */
    @Test
    void theHomeIsTheClientsOneHomeOnLinuxAndMacAndUserHomeOnWindows() {
        Map<String, String> environment = Map.of("HOME", "/home/elsewhere");
        assertThat(Platform.home(Platform.Os.LINUX, environment, "/root")).isEqualTo(Path.of("/home/elsewhere"));
        assertThat(Platform.home(Platform.Os.MAC, environment, "/Users/root")).isEqualTo(Path.of("/home/elsewhere"));
        assertThat(Platform.home(Platform.Os.WINDOWS, environment, "C:\\Users\\ada"))
                .isEqualTo(Path.of("C:\\Users\\ada"));
        assertThat(Platform.home(Platform.Os.LINUX, Map.of(), "/root")).isEqualTo(Path.of("/root"));
        assertThat(Platform.home(Platform.Os.LINUX, Map.of("HOME", "not/absolute"), "/root"))
                .isEqualTo(Path.of("/root"));
    }

    @Test
    void projectFilesAreWrittenInTheProjectFolder() throws IOException {
        Path project = Files.createDirectories(temp.resolve("project"));

        assertThat(run(linux(), "install", "vscode", "--project", project.toString()).code()).isZero();
        assertThat(run(linux(), "install", "cursor", "--project", project.toString()).code()).isZero();
        assertThat(run(linux(), "install", "claude-code", "--project", project.toString()).code()).isZero();

        assertThat(JSON.readTree(project.resolve(".vscode/mcp.json").toFile()).path("servers").has("jmcp")).isTrue();
        assertThat(JSON.readTree(project.resolve(".cursor/mcp.json").toFile()).path("mcpServers").has("jmcp")).isTrue();
        assertThat(JSON.readTree(project.resolve(".mcp.json").toFile()).path("mcpServers").has("jmcp")).isTrue();
    }

    @Test
    void claudeDesktopHasNoProjectFileAndSaysSo() {
        Run run = run(linux(), "install", "claude-desktop", "--project");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("claude-desktop has no per-project configuration file");
    }

    @Test
    void jsonPrintsTheEntryAndWritesNothing() throws IOException {
        Run run = run(linux(), "install", "json");

        assertThat(run.code()).as(run.err()).isZero();
        JsonNode printed = JSON.readTree(run.out());
        assertThat(printed.path("mcpServers").path("jmcp").path("command").asText()).isEqualTo(launcher());
        try (var files = Files.list(home)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aDryRunShowsTheFileAndEntryAndChangesNothing() {
        Run run = run(linux(), "install", "cursor", "--dry-run");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("Would write \"jmcp\" under \"mcpServers\" in " + home.resolve(".cursor/mcp.json"));
        assertThat(home.resolve(".cursor/mcp.json")).doesNotExist();
    }

    @Test
    void aFileThatIsNotJsonIsLeftUntouchedWithTheLineToFix() throws IOException {
        Path file = home.resolve(".cursor/mcp.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\n  \"mcpServers\": {\n    oops\n}\n");

        Run run = run(linux(), "install", "cursor");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains(file + " is not valid JSON (line 3").contains("left untouched");
        assertThat(Files.readString(file)).isEqualTo("{\n  \"mcpServers\": {\n    oops\n}\n");
    }

    @Test
    void anUnknownClientIsAUsageErrorNamingTheKnownOnes() {
        Run run = run(linux(), "install", "emacs");

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("Unknown client 'emacs'").contains("claude-desktop, claude-code, cursor, vscode");
    }

    @Test
    void withoutAnInstallationTheLauncherMustBeNamed() {
        var command = new InstallCommand();
        command.platform = linux();
        command.installation = null;
        StringWriter err = new StringWriter();
        int code = new CommandLine(command).setErr(new PrintWriter(err, true)).execute("cursor");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("--command PATH");
    }
}

package dev.jmcp.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code jmcp install CLIENT}: adds this jmcp, with absolute paths, to a client application's MCP configuration, or
 * prints the entry ({@code json}). Idempotent: a second identical install changes nothing. Exit 0 when the file holds
 * the entry afterwards, 1 when it could not be written (the message says why), 2 on a usage error.
 */
@Command(name = "install", sortOptions = false, mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        description = {
                "Adds this jmcp to the MCP configuration of a client application, with absolute paths.",
                "CLIENT is claude-desktop, claude-code, cursor or vscode (the file is merged: nothing else in it "
                        + "changes, and the previous version is kept as FILE.bak), or json to print the entry.",
                "Arguments after -- are passed to 'jmcp serve'."
        })
public final class InstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CLIENT", description = "claude-desktop, claude-code, cursor, vscode or json.")
    String client;

    @Parameters(index = "1..*", paramLabel = "SERVE-ARG", description = "More arguments for 'jmcp serve' (after --).")
    List<String> serveArguments = new ArrayList<>();

    @Option(names = "--name", defaultValue = "jmcp", paramLabel = "NAME",
            description = "Name of the entry, also announced by the server (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = {"-p", "--plugins"}, paramLabel = "DIR",
            description = "Plugins folder the server serves (default: ~/.jmcp/plugins, created with the bundled "
                    + "plugins when missing).")
    Path plugins;

    @Option(names = "--project", arity = "0..1", fallbackValue = ".", paramLabel = "DIR",
            description = "Write the project's configuration file in DIR (default: this folder) instead of the "
                    + "user's (claude-code, cursor, vscode).")
    Path project;

    @Option(names = "--file", paramLabel = "FILE",
            description = "Write this configuration file instead of the client's usual one.")
    Path file;

    @Option(names = "--command", paramLabel = "PATH",
            description = "The jmcp launcher to start (default: the path this launcher was started by, so a link "
                    + "such as /opt/jmcp/current/bin/jmcp that outlives upgrades stays one; else bin/jmcp of this "
                    + "installation).")
    Path command;

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "Environment for the server (repeatable).")
    Map<String, String> env = new LinkedHashMap<>();

    @Option(names = "--dry-run", description = "Print the file that would be written and the entry; change nothing.")
    boolean dryRun;

    /** The machine; replaced by tests. */
    Platform platform = Platform.current();

    /** This installation's folder (holding bin/ and lib/), or null when not run from one; replaced by tests. */
    Path installation = installationHome();

    /**
     * The path the launcher was started by, as the user typed it (through a link such as {@code /opt/jmcp/current} or
     * {@code ~/.local/bin/jmcp}, say), which bin/jmcp passes on; null when unknown. Replaced by tests.
     */
    Path invokedAs = invokedLauncher();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            boolean printOnly = client.equalsIgnoreCase("json");
            ClientApp app = printOnly ? null : clientApp();
            ServerEntry entry = new ServerEntry(launcher(), serveArgs(), env);
            if (printOnly) {
                var root = JsonNodeFactory.instance.objectNode();
                root.putObject("mcpServers").set(name, entry.toJson(false));
                out.println(ConfigFile.print(root));
                return 0;
            }
            ConfigFile config = new ConfigFile(target(app));
            JsonNode json = entry.toJson(app.typed());
            if (dryRun) {
                out.println("Would write \"" + name + "\" under \"" + app.serversKey() + "\" in " + config.path() + ":");
                out.println(ConfigFile.print(json));
                return 0;
            }
            ensurePluginsFolder(out);
            ConfigFile.Outcome outcome = config.put(app.serversKey(), name, json);
            out.println(switch (outcome) {
                case CREATED -> "Created " + config.path() + " with \"" + name + "\".";
                case ADDED -> "Added \"" + name + "\" to " + config.path() + " (previous version: " + config.backup() + ").";
                case REPLACED -> "Replaced \"" + name + "\" in " + config.path() + " (previous version: " + config.backup() + ").";
                case UNCHANGED -> config.path() + " already holds this \"" + name + "\"; nothing changed.";
            });
            if (outcome != ConfigFile.Outcome.UNCHANGED) {
                out.println("Restart " + app.id() + " (or reload its MCP servers) to start using it.");
            }
            return 0;
        } catch (InstallException | UnsupportedOperationException e) {
            err.println("jmcp install: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private ClientApp clientApp() {
        return ClientApp.byId(client);
    }

    private Path target(ClientApp app) {
        if (file != null) return file.toAbsolutePath().normalize();
        if (project != null) return app.projectFile(project.toAbsolutePath().normalize());
        return app.userFile(platform);
    }

    private String launcher() {
        if (command != null) return command.toAbsolutePath().normalize().toString();
        if (installation != null) {
            Path launcher = installation.resolve("bin")
                    .resolve(platform.os() == Platform.Os.WINDOWS ? "jmcp.cmd" : "jmcp");
            // The path it was started by, when that leads to this launcher: a link that outlives upgrades stays one.
            if (invokedAs != null && sameFile(invokedAs, launcher)) return invokedAs.toString();
            if (Files.isRegularFile(launcher)) return launcher.toString();
        }
        throw new InstallException("cannot tell where this installation's bin/jmcp is (install was not started by it); "
                + "run install with that launcher, or give it with --command PATH");
    }

    private Path pluginsFolder() {
        Path folder = plugins != null ? plugins : platform.home().resolve(".jmcp").resolve("plugins");
        return folder.toAbsolutePath().normalize();
    }

    private List<String> serveArgs() {
        List<String> args = new ArrayList<>(List.of("serve", "-p", pluginsFolder().toString()));
        if (!name.equals("jmcp")) args.addAll(List.of("-n", name));
        args.addAll(serveArguments);
        return args;
    }

    /**
     * A missing plugins folder is created, holding copies of the bundled plugins, so the client sees tools at once. An
     * existing one is the user's and is left alone; when it holds no plugin, the user is told so.
     */
    private void ensurePluginsFolder(PrintWriter out) throws IOException {
        Path folder = pluginsFolder();
        if (Files.isDirectory(folder)) {
            boolean holdsPlugins;
            try (var entries = Files.list(folder)) {
                holdsPlugins = entries.anyMatch(p -> !p.getFileName().toString().startsWith("."));
            }
            if (!holdsPlugins) {
                Path bundled = installation == null ? null : installation.resolve("plugins");
                out.println("The plugins folder " + folder + " exists but is empty, so the server will offer no "
                        + "tools; nothing was copied into it (install fills only a folder it creates). Drop plugin "
                        + "JARs into it" + (bundled != null && Files.isDirectory(bundled)
                        ? ", e.g. the bundled ones: cp " + bundled.resolve("*.jar") + " " + folder : "") + ".");
            }
            return;
        }
        Files.createDirectories(folder);
        int copied = 0;
        Path bundled = installation == null ? null : installation.resolve("plugins");
        if (bundled != null && Files.isDirectory(bundled)) {
            try (var jars = Files.list(bundled)) {
                for (Path jar : jars.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                    Files.copy(jar, folder.resolve(jar.getFileName()));
                    copied++;
                }
            }
        }
        out.println("Created the plugins folder " + folder
                + (copied > 0 ? " with the " + copied + " bundled plugins." : "; drop plugin JARs into it."));
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isRegularFile(a) && Files.isRegularFile(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code JMCP_LAUNCHER} as bin/jmcp sets it: the absolute path it was started by; null when unset. */
    private static Path invokedLauncher() {
        String path = System.getenv("JMCP_LAUNCHER");
        if (path == null || path.isBlank()) return null;
        try {
            Path launcher = Path.of(path);
            return launcher.isAbsolute() ? launcher.normalize() : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The distribution folder this class was loaded from ({@code lib/jmcp-cli-*.jar} → its parent's parent). */
    private static Path installationHome() {
        try {
            var source = InstallCommand.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path location = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(location) || location.getParent() == null) return null;
            Path lib = location.getParent();
            return lib.getFileName() != null && lib.getFileName().toString().equals("lib") ? lib.getParent() : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}

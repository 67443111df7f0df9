package dev.jmcp.cli.install;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code jmcp uninstall CLIENT}: the inverse of {@code install}: removes the entry from the same client's file, kept
 * as {@code FILE.bak} first, with everything else in the file (comments too) left as it was. The plugins folder is
 * the user's and stays. Idempotent. Exit 0 when the file no longer holds the entry, 1 when it could not be written, 2
 * on a usage error.
 */
@Command(name = "uninstall", sortOptions = false, mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        description = {
                "Removes this jmcp from the MCP configuration of a client application: the inverse of install.",
                "CLIENT is claude-desktop, claude-code, cursor or vscode. Nothing else in the file changes; the "
                        + "previous version is kept as FILE.bak. The plugins folder is left as it is."
        })
public final class UninstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CLIENT", description = "claude-desktop, claude-code, cursor or vscode.")
    String client;

    @Option(names = "--name", defaultValue = "jmcp", paramLabel = "NAME",
            description = "Name of the entry to remove (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--project", arity = "0..1", fallbackValue = ".", paramLabel = "DIR",
            description = "Remove it from the project's configuration file in DIR (default: this folder) instead of "
                    + "the user's (claude-code, cursor, vscode).")
    Path project;

    @Option(names = "--file", paramLabel = "FILE", description = "Edit this configuration file instead of the "
            + "client's usual one.")
    Path file;

    @Option(names = "--dry-run", description = "Say what would be removed; change nothing.")
    boolean dryRun;

    /** The machine; replaced by tests. */
    Platform platform = Platform.current();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            ClientApp app = ClientApp.byId(client);
            ConfigFile config = new ConfigFile(file != null ? file.toAbsolutePath().normalize()
                    : project != null ? app.projectFile(project.toAbsolutePath().normalize()) : app.userFile(platform));
            if (!config.holds(app.serversKey(), name)) {
                out.println(config.path() + " holds no \"" + name + "\" under \"" + app.serversKey()
                        + "\"; nothing changed.");
                return 0;
            }
            if (dryRun) {
                out.println("Would remove \"" + name + "\" from \"" + app.serversKey() + "\" in " + config.path()
                        + " (keeping the previous version as " + config.backup() + ").");
                return 0;
            }
            config.remove(app.serversKey(), name);
            out.println("Removed \"" + name + "\" from " + config.path() + " (previous version: " + config.backup()
                    + "). Restart " + app.id() + " (or reload its MCP servers). The plugins folder was left as it is.");
            return 0;
        } catch (InstallException | UnsupportedOperationException e) {
            err.println("jmcp uninstall: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }
}

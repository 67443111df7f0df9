package dev.jmcp.cli;

import dev.jmcp.cli.client.ClientCommands;
import dev.jmcp.cli.create.NewCommand;
import dev.jmcp.cli.install.InstallCommand;
import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.cli.serve.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * The {@code jmcp} command and the process entry point. {@link #main} runs the command line and exits with its code:
 * 0 on success, 1 when a command failed, 2 on a usage error (printed with the usage to standard error).
 */
@Command(name = "jmcp", mixinStandardHelpOptions = true, versionProvider = JmcpVersion.class,
        subcommands = {ServeCommand.class, InstallCommand.class, NewCommand.class},
        description = "A Model Context Protocol server with pluggable modules.",
        footer = {"", "Run 'jmcp COMMAND --help' for the options of a command."})
public final class Jmcp implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) throws IOException {
        // Before anything can log: tinylog's defaults would print low levels (even the JDK's own debug lines at
        // exit) to standard output. A command may refine this before its first log line (serve does).
        LogSetup.configure(false, null);
        System.exit(commandLine().execute(args));
    }

    /** A fresh command line writing help and errors to the process's standard streams. */
    public static CommandLine commandLine() {
        return ClientCommands.addTo(new CommandLine(new Jmcp())).setCaseInsensitiveEnumValuesAllowed(true);
    }

    /** A fresh command line writing to the given streams (for embedding and tests). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine().setOut(out).setErr(err);
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Missing command: give one, for instance 'jmcp serve'");
    }
}

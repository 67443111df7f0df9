package dev.jmcp.cli;

import dev.jmcp.cli.client.ClientCommands;
import dev.jmcp.cli.create.NewCommand;
import dev.jmcp.cli.install.InstallCommand;
import dev.jmcp.cli.logging.LogSetup;
import dev.jmcp.cli.logging.LoggingServices;
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
        description = "A Model Context Protocol server with pluggable modules.",
        footer = {"", "Run 'jmcp COMMAND --help' for the options of a command."})
public final class Jmcp implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) throws IOException {
        LoggingServices.useDirectly();
        // jmcp's commands use no Groovy closures. Without this picocli looks for Groovy's Closure class when it builds
        // its first command, and a class that is not there is looked for in every JAR of lib/ (start-up).
        if (System.getProperty("picocli.disable.closures") == null) {
            System.setProperty("picocli.disable.closures", "true");
        }
        // What serving will need starts on threads of its own first, beside everything below (start-up time).
        boolean serve = args.length > 0 && args[0].equals("serve");
        if (serve) ServeCommand.prepare(java.util.Arrays.copyOfRange(args, 1, args.length));
        // Before anything can log: tinylog's defaults would print low levels (even the JDK's own debug lines at
        // exit) to standard output. A command may refine this before its first log line (serve does).
        LogSetup.configure(false, null);
        System.exit(execute(args, null, null));
    }

    /**
     * Runs the command line {@code args} with help and errors going to {@code out} and {@code err} (null: the
     * process's streams) and returns its exit code. For start-up, {@code jmcp serve ...} builds only its own command:
     * picocli reads every command's annotations when the tree is built (about a hundred milliseconds for all of them,
     * in classes the JVM can neither cache nor verify quickly), and serve is the command clients start all the time.
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        boolean serve = args.length > 0 && args[0].equals("serve");
        CommandLine line = serve ? serveCommandLine() : commandLine();
        if (out != null) line.setOut(out);
        if (err != null) line.setErr(err);
        return line.execute(serve ? java.util.Arrays.copyOfRange(args, 1, args.length) : args);
    }

    /** {@code jmcp serve} on its own, named as it is in the whole tree, for the fast start of {@link #main}. */
    static CommandLine serveCommandLine() {
        return new CommandLine(ServeCommand.commandSpec()).setCommandName("jmcp serve")
                .setCaseInsensitiveEnumValuesAllowed(true);
    }

    /** A fresh command line writing help and errors to the process's standard streams. */
    public static CommandLine commandLine() {
        // serve's model is built in code (ServeCommandLine), the others' from their annotations.
        CommandLine jmcp = new CommandLine(new Jmcp())
                .addSubcommand("serve", new CommandLine(ServeCommand.commandSpec()))
                .addSubcommand(new InstallCommand())
                .addSubcommand(new dev.jmcp.cli.install.UninstallCommand())
                .addSubcommand(new NewCommand())
                .addSubcommand(new dev.jmcp.cli.dev.DevCommand());
        // dev passes every option it does not know to serve.
        jmcp.getSubcommands().get("dev").setUnmatchedOptionsArePositionalParams(true);
        return ClientCommands.addTo(jmcp).setCaseInsensitiveEnumValuesAllowed(true);
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

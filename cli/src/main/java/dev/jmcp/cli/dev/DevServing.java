package dev.jmcp.cli.dev;

import dev.jmcp.cli.serve.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code jmcp dev} serves: the {@code serve} options it passes on, decided from the ones it was given before
 * anything is built, so that a command line serve would refuse is refused at once, not after a first build of tens
 * of seconds.
 *
 * <ul>
 *   <li>No transport option ({@code -t}, {@code -s}, {@code --stdio}): HTTP on a loopback port the server picks
 *       ({@code --port 0}, unless a port is given) with the console on.
 *       A terminal is where {@code jmcp dev} is typed, and stdio there serves nobody.</li>
 *   <li>{@code --stdio} alone: stdio only, for a client that starts {@code jmcp dev} itself; an option that needs
 *       HTTP ({@code --console}, {@code --state}, authorization) is refused.</li>
 *   <li>{@code -t} or {@code -s} (with or without {@code --stdio}): as given, with the console added.</li>
 * </ul>
 *
 * Over HTTP the server writes its address to a file {@code jmcp dev} names ({@code --address-file}), and
 * {@link #console(URI)} makes the console's address of it: the port is bound once, by the server, so no other
 * program can take it between a choice and the bind.
 *
 * Immutable; {@link #of} throws {@link IllegalArgumentException} with a message for the user.
 *
 * @param serveOptions the options to give {@code jmcp serve}, after the ones {@code jmcp dev} itself adds
 * @param http whether it serves HTTP, with the console
 */
public record DevServing(List<String> serveOptions, boolean http) {
    private static final List<String> HTTP_ONLY = List.of("--console", "--state", "--state-key-file",
            "--auth-issuer", "--api-key-file", "--address-file");

    public DevServing {
        serveOptions = List.copyOf(serveOptions);
    }

    /**
     * The serving for these serve options.
     *
     * @throws IllegalArgumentException when serve would not take the options, or they need HTTP but ask for stdio
     */
    public static DevServing of(List<String> options) {
        ParseResult given;
        try {
            given = new CommandLine(ServeCommand.commandSpec()).parseArgs(options.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (given.hasMatchedOption("--address-file")) {
            throw new IllegalArgumentException("--address-file is set by jmcp dev itself, which prints the address");
        }
        boolean http = given.hasMatchedOption("-t") || given.hasMatchedOption("-s");
        var serve = new ArrayList<>(options);
        if (!http && given.hasMatchedOption("--stdio")) {
            for (String option : HTTP_ONLY) {
                if (given.hasMatchedOption(option)) {
                    throw new IllegalArgumentException(option + " needs HTTP, and --stdio alone serves stdio only: "
                            + "leave out --stdio (jmcp dev serves HTTP with the console by default), or add -t to "
                            + "serve both");
                }
            }
            return new DevServing(serve, false);
        }
        if (!http) {
            serve.add("-t");
            if (!given.hasMatchedOption("--port")) serve.addAll(List.of("--port", "0"));
        }
        if (!given.hasMatchedOption("--console")) serve.add("--console");
        return new DevServing(serve, true);
    }

    /**
     * The console's address on the server whose endpoint is {@code endpoint} (what it wrote to its address file),
     * with a wildcard host ({@code 0.0.0.0}, {@code ::}) replaced by the loopback address a browser here reaches.
     */
    public static URI console(URI endpoint) {
        String host = endpoint.getHost();
        if ("0.0.0.0".equals(host) || "[::]".equals(host) || "[0:0:0:0:0:0:0:0]".equals(host)) host = "127.0.0.1";
        return URI.create(endpoint.getScheme() + "://" + host + ":" + endpoint.getPort() + "/console/");
    }
}

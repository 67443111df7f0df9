package dev.jmcp.cli.dev;

import dev.jmcp.cli.serve.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * How {@code jmcp dev} serves: the {@code serve} options it passes on, decided from the ones it was given before
 * anything is built, so that a command line serve would refuse is refused at once, not after a first build of tens
 * of seconds.
 *
 * <ul>
 *   <li>No transport option ({@code -t}, {@code -s}, {@code --stdio}): HTTP on a free loopback port with the console
 *       on, whose address {@link #console()} gives. A terminal is where {@code jmcp dev} is typed, and stdio there
 *       serves nobody.</li>
 *   <li>{@code --stdio} alone: stdio only, for a client that starts {@code jmcp dev} itself; an option that needs
 *       HTTP ({@code --console}, {@code --state}, authorization) is refused.</li>
 *   <li>{@code -t} or {@code -s} (with or without {@code --stdio}): as given, with the console added.</li>
 * </ul>
 *
 * Immutable; {@link #of} throws {@link IllegalArgumentException} with a message for the user.
 *
 * @param serveOptions the options to give {@code jmcp serve}, after the ones {@code jmcp dev} itself adds
 * @param console the console's address when it is served on a known port
 */
public record DevServing(List<String> serveOptions, Optional<URI> console) {
    private static final List<String> HTTP_ONLY = List.of("--console", "--state", "--state-key-file",
            "--auth-issuer", "--api-key-file");

    public DevServing {
        serveOptions = List.copyOf(serveOptions);
    }

    /**
     * The serving for these serve options; {@code freePort} gives a free loopback port when one is needed.
     *
     * @throws IllegalArgumentException when serve would not take the options, or they need HTTP but ask for stdio
     */
    public static DevServing of(List<String> options, IntSupplier freePort) {
        ParseResult given;
        try {
            given = new CommandLine(ServeCommand.commandSpec()).parseArgs(options.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
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
            return new DevServing(serve, Optional.empty());
        }
        if (!http) {
            serve.add("-t");
            if (!given.hasMatchedOption("--port")) serve.addAll(List.of("--port", String.valueOf(freePort.getAsInt())));
        }
        if (!given.hasMatchedOption("--console")) serve.add("--console");
        ParseResult served = new CommandLine(ServeCommand.commandSpec()).parseArgs(serve.toArray(String[]::new));
        // The values serve will use, its defaults included.
        int port = served.commandSpec().findOption("--port").getValue();
        if (port == 0) return new DevServing(serve, Optional.empty()); // serve picks it, and says where
        boolean tls = served.hasMatchedOption("--tls-cert") || served.hasMatchedOption("--tls-keystore");
        String host = served.commandSpec().findOption("--host").getValue();
        if (host.contains(":")) host = "[" + host + "]";
        if (host.equals("0.0.0.0") || host.equals("[::]")) host = "127.0.0.1";
        return new DevServing(serve, Optional.of(URI.create((tls ? "https://" : "http://") + host + ":" + port
                + "/console/")));
    }
}

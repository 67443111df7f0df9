package dev.jmcp.bench.load;

import java.util.List;
import java.util.function.IntFunction;

/**
 * One server under test over one transport: a name for the report and the command that starts it. For HTTP the
 * command gets the port to listen on (always on 127.0.0.1, endpoint {@code /mcp}); for stdio the port is unused.
 */
public record Target(String server, LoadTransport transport, IntFunction<List<String>> command) {

    public String name() {
        return server + "/" + transport;
    }
}

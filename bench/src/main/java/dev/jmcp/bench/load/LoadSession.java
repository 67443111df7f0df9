package dev.jmcp.bench.load;

import java.io.IOException;
import java.time.Duration;

/**
 * The driver's side of one MCP session with a server under test. {@link #initialize} opens the session; each
 * {@link #callEcho} phase sends {@code count} {@code tools/call} requests of {@code echo} with at most
 * {@code concurrency} in flight, checks every answer and stops at the time limit. One caller thread at a time; the
 * caller closes it.
 */
sealed interface LoadSession extends AutoCloseable permits StdioClient, StreamableHttpClient {
    String PROTOCOL_VERSION = "2025-06-18";

    /** Sends {@code initialize} (retrying until the server listens, for HTTP) and {@code notifications/initialized}. */
    void initialize(Duration limit) throws IOException, InterruptedException;

    /** Sends one {@code tools/list} and waits for an answer listing {@code echo}. */
    void toolsList(Duration limit) throws IOException, InterruptedException;

    Latencies callEcho(int count, int concurrency, Duration limit) throws IOException, InterruptedException;

    @Override
    void close();
}

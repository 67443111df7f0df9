package dev.jmcp.client.stdio;

import dev.jmcp.client.transport.ClientTransport;
import dev.jmcp.client.transport.Inbound;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.protocol.jsonrpc.JsonRpcMessage;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The stdio transport: the server is a child process (started by {@link ChildProcessLauncher}); each message is one
 * line of JSON on its standard input or output. Its standard error goes to the given sink, line by line (or, with no
 * sink, straight to this process's).
 * "The server MUST NOT write anything to its stdout that is not a valid MCP message": a line that is not JSON-RPC
 * ends the connection with an error quoting it, and the process is stopped.
 *
 * <p>Owned by the client that starts it; thread-safe (writes are serialized). {@link #close} follows the
 * specification's shutdown: close the server's input, wait, then SIGTERM, then SIGKILL, each wait bounded.
 */
public final class ChildProcessTransport implements ClientTransport {
    private static final System.Logger log = System.getLogger(ChildProcessTransport.class.getName());
    private static final JsonCodec CODEC = JsonCodec.shared();
    private static final long EXIT_WAIT_MILLIS = 2_000;
    private static final int MAX_STDERR_LINE = 8 * 1024;
    private static final int EXCERPT = 120;

    private final List<String> command;
    private final Map<String, String> env;
    private final Path workingDirectory;
    private final Consumer<String> stderrSink;
    private final int maxMessageBytes;
    private final Object writeLock = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();
    private Process process;
    private OutputStream stdin;
    private Thread stderrReader;

    /**
     * @param workingDirectory null for this process's
     * @param stderrSink       null to let the server write to this process's standard error
     */
    public ChildProcessTransport(List<String> command, Map<String, String> env, Path workingDirectory,
                          Consumer<String> stderrSink, int maxMessageBytes) {
        this.command = List.copyOf(command);
        this.env = Map.copyOf(env);
        this.workingDirectory = workingDirectory;
        this.stderrSink = stderrSink;
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    public void start(Inbound inbound) throws IOException {
        try {
            process = ChildProcessLauncher.start(command, env, workingDirectory,
                    stderrSink == null ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
        } catch (IOException e) {
            throw new IOException("Cannot start the server " + describe() + ": " + e.getMessage(), e);
        }
        stdin = new BufferedOutputStream(process.getOutputStream());
        // stderr's reader first: the stdout reader waits for it when the server exits.
        if (stderrSink != null) {
            stderrReader = Thread.ofPlatform().daemon().name("mcp-stdio-err-" + process.pid()).start(this::readStderr);
        }
        Thread.ofPlatform().daemon().name("mcp-stdio-out-" + process.pid()).start(() -> readStdout(inbound));
    }

    @Override
    public void send(JsonRpcMessage message) throws IOException {
        synchronized (writeLock) {
            if (closed.get()) throw new IOException("The connection to " + describe() + " is closed");
            try {
                CODEC.write(message, stdin);
                stdin.write('\n');
                stdin.flush();
            } catch (IOException e) {
                // Most likely the server is exiting: give it a moment, so the message can say how it ended.
                waitForExit(EXIT_WAIT_MILLIS / 2);
                joinStderr();
                throw new IOException("Cannot write to the server " + describe() + exitNote() + ": " + e.getMessage(), e);
            }
        }
    }

    private void readStdout(Inbound inbound) {
        var lines = new LineSplitter(process.getInputStream(), maxMessageBytes);
        try {
            byte[] line;
            while ((line = lines.next()) != null) {
                if (blank(line)) continue;
                Object tree;
                List<?> items;
                try {
                    tree = CODEC.parse(line);
                    items = tree instanceof List<?> batch ? batch : List.of(tree);
                    for (Object item : items) inbound.message(CODEC.toMessage(item));
                } catch (JsonRpcException e) {
                    fail(inbound, new IOException("The server " + describe() + " wrote to its standard output something "
                            + "that is not a JSON-RPC message (" + e.getMessage() + "): " + excerpt(line)));
                    return;
                }
            }
            waitForExit(EXIT_WAIT_MILLIS);
            joinStderr();
            if (!closed.get()) inbound.closed(new IOException("The server " + describe() + " closed its output" + exitNote()));
        } catch (IOException e) {
            if (closed.get()) return;
            fail(inbound, new IOException("Reading from the server " + describe() + " failed: " + e.getMessage(), e));
        }
    }

    /** The server's last words on stderr explain its exit: let the sink have them before the failure is told. */
    private void joinStderr() {
        if (stderrReader == null || !stderrReader.isAlive()) return;
        try {
            stderrReader.join(EXIT_WAIT_MILLIS / 2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void fail(Inbound inbound, IOException cause) {
        log.log(System.Logger.Level.DEBUG, cause.getMessage());
        inbound.closed(cause);
        close();
    }

    private void readStderr() {
        try (Reader err = new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)) {
            var line = new StringBuilder();
            int c;
            while ((c = err.read()) >= 0) {
                if (c == '\n' || line.length() >= MAX_STDERR_LINE) {
                    emit(line);
                    if (c != '\n') line.append((char) c);
                } else if (c != '\r') {
                    line.append((char) c);
                }
            }
            if (!line.isEmpty()) emit(line);
        } catch (IOException e) {
            log.log(System.Logger.Level.DEBUG, "stopped reading the server's standard error: " + e.getMessage());
        }
    }

    private void emit(StringBuilder line) {
        try {
            stderrSink.accept(line.toString());
        } catch (RuntimeException e) {
            log.log(System.Logger.Level.WARNING, "the standard error sink failed", e);
        }
        line.setLength(0);
    }

    private String exitNote() {
        return process != null && !process.isAlive() ? " (it exited with code " + process.exitValue() + ")" : "";
    }

    private void waitForExit(long millis) {
        try {
            process.waitFor(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String describe() {
        return "'" + String.join(" ", command) + "'";
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true) || process == null) return;
        synchronized (writeLock) {
            try {
                stdin.close();
            } catch (IOException e) {
                log.log(System.Logger.Level.DEBUG, "closing the server's input: " + e.getMessage());
            }
        }
        try {
            if (!process.waitFor(EXIT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(EXIT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(EXIT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static boolean blank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') return false;
        }
        return true;
    }

    private static String excerpt(byte[] line) {
        String text = new String(line, 0, Math.min(line.length, EXCERPT * 4), StandardCharsets.UTF_8).strip();
        return text.length() <= EXCERPT ? "'" + text + "'" : "'" + text.substring(0, EXCERPT) + "…'";
    }

    /** The server's process, once started; for tests and diagnostics. */
    public Process process() {
        return process;
    }

}

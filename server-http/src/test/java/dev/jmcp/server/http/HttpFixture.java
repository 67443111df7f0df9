package dev.jmcp.server.http;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.methods.Methods;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.engine.Engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real engine with a few tools, served by a real {@link HttpTransport} on 127.0.0.1 and an ephemeral port. Tools:
 * {@code echo}; {@code progress} (three progress notifications and a log message, then a result); {@code gated}
 * (one progress notification, then waits for {@link #openGate()}, then two more and a result); {@code slow} (waits
 * until cancelled); {@code stubborn} (ignores being cancelled, and ends when the fixture closes).
 */
final class HttpFixture implements AutoCloseable {
    final CountDownLatch slowStarted = new CountDownLatch(1);
    final CountDownLatch slowInterrupted = new CountDownLatch(1);
    final CountDownLatch gatedStarted = new CountDownLatch(1);
    final CountDownLatch stubbornStarted = new CountDownLatch(1);
    final CountDownLatch stubbornInterrupted = new CountDownLatch(1);
    /** Lets {@code stubborn} end; counted down by {@link #close()}. */
    private final CountDownLatch stubbornRelease = new CountDownLatch(1);
    private final CountDownLatch gate = new CountDownLatch(1);
    final AtomicReference<Registry> registry = new AtomicReference<>();
    final Engine engine;
    final HttpTransport transport;

    HttpFixture(HttpOptions options) throws IOException {
        this(options, transport -> { });
    }

    /** As {@link #HttpFixture(HttpOptions)}, with {@code setUp} run on the transport before it starts. */
    HttpFixture(HttpOptions options, java.util.function.Consumer<HttpTransport> setUp) throws IOException {
        this(ServerOptions.defaults("http-test", Path.of("unused")), options, setUp);
    }

    /** As {@link #HttpFixture(HttpOptions)}, the engine made with {@code serverOptions} (its limits). */
    HttpFixture(ServerOptions serverOptions, HttpOptions options) throws IOException {
        this(serverOptions, options, transport -> { });
    }

    private HttpFixture(ServerOptions serverOptions, HttpOptions options,
                        java.util.function.Consumer<HttpTransport> setUp) throws IOException {
        registry.set(Registry.of(List.of(contribution(false))));
        engine = new Engine(serverOptions, registry::get, Methods.table(serverOptions));
        transport = new HttpTransport(engine, options.withPort(0));
        setUp.accept(transport);
        transport.start();
    }

    HttpFixture() throws IOException {
        this(HttpOptions.defaults());
    }

    void openGate() {
        gate.countDown();
    }

    /** Adds a tool, so every session is told the tool list changed. */
    void addTool() {
        Registry previous = registry.getAndSet(Registry.of(List.of(contribution(true))));
        engine.registryChanged(previous, registry.get());
    }

    private Contribution contribution(boolean extra) {
        var tools = new ArrayList<ToolEntry>();
        tools.add(tool("echo", (args, ctx) -> CallToolResult.text("echo: " + args.get("text"))));
        tools.add(tool("progress", (args, ctx) -> {
            for (int i = 1; i <= 3; i++) ctx.progress(i, 3.0, "step " + i);
            ctx.log(LoggingLevel.INFO, "progress", "all steps done");
            return CallToolResult.text("done");
        }));
        tools.add(tool("gated", (args, ctx) -> {
            ctx.progress(1, 3.0, "before the gate");
            gatedStarted.countDown();
            if (!gate.await(20, TimeUnit.SECONDS)) throw new IllegalStateException("the gate never opened");
            ctx.progress(2, 3.0, "after the gate");
            ctx.progress(3, 3.0, "last step");
            return CallToolResult.text("gated done");
        }));
        tools.add(tool("slow", (args, ctx) -> {
            slowStarted.countDown();
            try {
                new CountDownLatch(1).await(5, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                slowInterrupted.countDown();
                throw e;
            }
            return CallToolResult.text("never");
        }));
        tools.add(tool("stubborn", (args, ctx) -> {
            stubbornStarted.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            // Ignores interruption, as a plugin's careless code does, until the fixture closes.
            while (stubbornRelease.getCount() > 0 && System.nanoTime() < deadline) {
                try {
                    stubbornRelease.await(50, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    stubbornInterrupted.countDown();
                }
            }
            return CallToolResult.text("stubborn done");
        }));
        if (extra) tools.add(tool("added", (args, ctx) -> CallToolResult.text("new")));
        return new Contribution(Owner.BUILT_IN, tools, List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static ToolEntry tool(String name, dev.jmcp.plugin.ToolHandler handler) {
        return new ToolEntry(new Tool(name, "Test tool " + name, null), handler, ArgumentsValidator.ACCEPT_ALL,
                Owner.BUILT_IN);
    }

    /**
     * Writes {@code request} on a new connection, half-closing it when {@code endInput}, and returns everything the
     * server sends until it closes the connection (ISO-8859-1, so any bytes survive): the request should say
     * {@code Connection: close} or be one the server closes after. The answer is returned too when the server refuses
     * and closes before the whole request is written, or resets the connection after answering.
     */
    String exchange(byte[] request, boolean endInput) throws IOException {
        try (var socket = new Socket("127.0.0.1", transport.port())) {
            socket.setSoTimeout(20_000);
            try {
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
                if (endInput) socket.shutdownOutput();
            } catch (SocketException e) {
                // Refused and closed before the whole request was written: the answer is still there to read.
            }
            var out = new ByteArrayOutputStream();
            try {
                socket.getInputStream().transferTo(out);
            } catch (SocketException e) {
                // A reset after the answer: keep what arrived.
            }
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @Override
    public void close() {
        openGate();
        stubbornRelease.countDown();
        transport.close();
    }
}

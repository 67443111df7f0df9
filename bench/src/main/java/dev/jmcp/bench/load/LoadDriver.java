package dev.jmcp.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Measures every target, one server process at a time. First start-up: spawn to the first {@code initialize} answer
 * and to the {@code tools/list} answer after it, in a fresh process per run, the targets taking turns run by run (one
 * spawn of each per round), so that a machine whose load changes during the run weighs on every target alike. Then,
 * target by target, in one more process: a warm-up, {@code K} echo calls one at a time, {@code K} with {@code C} in
 * flight, and resident memory after that. Prints a line per finished target and a Markdown table at the end. Run by
 * {@code bench/run.sh e2e}.
 */
public final class LoadDriver {
    private static final Duration STARTUP_LIMIT = Duration.ofSeconds(60);
    /** The measured sessions are opened in this many rounds (fewer when fewer sessions are asked for). */
    private static final int SESSION_ROUNDS = 5;

    private final DriverOptions options;
    private final Path pluginsFolder;

    private LoadDriver(DriverOptions options, Path pluginsFolder) {
        this.options = options;
        this.pluginsFolder = pluginsFolder;
    }

    public static void main(String[] args) throws Exception {
        DriverOptions options;
        try {
            options = DriverOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(DriverOptions.USAGE);
            System.exit(2);
            return;
        }
        Path plugins = Files.createTempDirectory("jmcp-bench-e2e-plugins");
        try {
            preparePlugins(options, plugins);
            var driver = new LoadDriver(options, plugins);
            List<Target> targets = driver.targets();
            Map<Target, StartUps> startUps = driver.startUps(targets);
            if (!options.startupOnly()) driver.warmClient(targets);
            var results = new ArrayList<TargetResult>();
            for (Target target : targets) {
                System.out.println("== " + target.name());
                TargetResult result = driver.measure(target, startUps.get(target));
                results.add(result);
                System.out.println("   " + line(result));
            }
            System.out.println();
            System.out.println(table(options, results));
            System.out.print(ratios(results));
        } finally {
            try (Stream<Path> files = Files.walk(plugins)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * One plugins folder per kind of plugin, each serving the same {@code echo}: {@code jar/echo.jar} (the bench's echo
     * plugin, in process), {@code native/libjmcp-sample-tools.so} (the C sample library, in its C host, the default
     * isolation of a library) and {@code mount/echo.mcp.json} (TrivialServer over stdio, mounted: jmcp's client hop and
     * a child process; asked for 2025-11-25 directly, since it does not speak the newer probe).
     */
    private static void preparePlugins(DriverOptions options, Path plugins) throws IOException {
        Path jar = Files.createDirectories(plugins.resolve("jar"));
        Files.copy(options.echoPlugin(), jar.resolve("echo.jar"));
        for (String kind : List.of("native", "native-reentrant")) {
            if (!options.servers().contains("jmcp-" + kind)) continue;
            Path folder = Files.createDirectories(plugins.resolve(kind));
            try (var in = LoadDriver.class.getClassLoader().getResourceAsStream("native/libjmcp-sample-tools.so")) {
                if (in == null) throw new IllegalStateException("native/libjmcp-sample-tools.so is not on the class path");
                Files.copy(in, folder.resolve("libjmcp-sample-tools.so"));
            }
            // The sample's echo keeps no state, so its calls may overlap; by default a library's calls are serialised.
            if (kind.equals("native-reentrant")) {
                Files.writeString(folder.resolve("libjmcp-sample-tools.so.json"), "{\"reentrant\": true}\n");
            }
        }
        if (options.servers().contains("jmcp-mount")) {
            Path mount = Files.createDirectories(plugins.resolve("mount"));
            String args = String.join("\", \"", List.of("-cp", json(System.getProperty("java.class.path")),
                    TrivialServer.class.getName(), "stdio"));
            Files.writeString(mount.resolve("echo.mcp.json"), "{\"command\": \"" + json(options.java().toString())
                    + "\", \"args\": [\"" + args + "\"], \"protocolVersion\": \"2025-11-25\"}\n");
        }
    }

    /** {@code text} escaped for the inside of a JSON string (paths: backslashes and quotes only). */
    private static String json(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private List<Target> targets() {
        var targets = new ArrayList<Target>();
        for (String server : options.servers()) {
            for (LoadTransport transport : options.transports()) {
                targets.add(new Target(server, transport, port -> command(server, transport, port)));
            }
        }
        return targets;
    }

    private List<String> command(String server, LoadTransport transport, int port) {
        var command = new ArrayList<String>();
        switch (server) {
            case "jmcp", "jmcp-release", "jmcp-telemetry", "jmcp-native", "jmcp-native-reentrant", "jmcp-mount" -> {
                Path launcher = server.equals("jmcp-release") ? options.jmcpRelease() : options.jmcp();
                if (server.equals("jmcp-telemetry")) {
                    // Telemetry on, every span and metric made, none exported: the cost of the instrumentation itself.
                    command.addAll(List.of("env", "OTEL_TRACES_EXPORTER=none", "OTEL_METRICS_EXPORTER=none",
                            "OTEL_LOGS_EXPORTER=none"));
                }
                command.addAll(List.of(launcher.toString(), "serve"));
                if (server.equals("jmcp-telemetry")) command.add("--telemetry");
                if (transport == LoadTransport.HTTP) command.addAll(List.of("-t", "--port", Integer.toString(port)));
                String kind = switch (server) {
                    case "jmcp-native" -> "native";
                    case "jmcp-native-reentrant" -> "native-reentrant";
                    case "jmcp-mount" -> "mount";
                    default -> "jar";
                };
                command.addAll(List.of("-p", pluginsFolder.resolve(kind).toString()));
            }
            case "ts-sdk" -> {
                command.addAll(List.of(options.node().toString(), options.tsServer().toString(), transport.toString()));
                if (transport == LoadTransport.HTTP) command.add(Integer.toString(port));
            }
            case "java-sdk" -> {
                command.add(options.java().toString());
                command.addAll(options.javaSdkJvmOptions());
                command.addAll(List.of("-cp", options.javaSdkClasspath(), "dev.jmcp.bench.peers.JavaSdkEchoServer",
                        transport.toString()));
                if (transport == LoadTransport.HTTP) command.add(Integer.toString(port));
            }
            case "trivial" -> {
                // The baseline (TrivialServer): a hand-rolled echo on the same JDK, default JVM settings.
                command.addAll(List.of(options.java().toString(), "-cp", System.getProperty("java.class.path"),
                        TrivialServer.class.getName(), transport.toString()));
                if (transport == LoadTransport.HTTP) command.add(Integer.toString(port));
            }
            default -> throw new IllegalArgumentException("unknown server " + server);
        }
        return command;
    }

    /** What the start-up runs of one target measured: one figure per run, and the memory of its last process. */
    private static final class StartUps {
        final double[] initialize;
        final double[] toolsList;
        ServerProcess.Memory idle;

        StartUps(int runs) {
            initialize = new double[runs];
            toolsList = new double[runs];
        }
    }

    /** The start-up runs of every target, round by round: each round spawns each target once, in the given order. */
    private Map<Target, StartUps> startUps(List<Target> targets) throws IOException, InterruptedException {
        var measured = new LinkedHashMap<Target, StartUps>();
        for (Target target : targets) {
            Files.deleteIfExists(log(target));
            measured.put(target, new StartUps(options.startupRuns()));
        }
        System.out.println("start-up: " + options.startupRuns() + " rounds, one spawn of each target per round");
        for (int run = 0; run < options.startupRuns(); run++) {
            for (Target target : targets) {
                StartUps into = measured.get(target);
                int port = freePort();
                long start = System.nanoTime();
                try (var process = ServerProcess.start(target.command().apply(port), log(target));
                     var client = client(target, process, port)) {
                    client.initialize(STARTUP_LIMIT);
                    into.initialize[run] = (System.nanoTime() - start) / 1e6;
                    client.toolsList(STARTUP_LIMIT);
                    into.toolsList[run] = (System.nanoTime() - start) / 1e6;
                    if (run == options.startupRuns() - 1) into.idle = process.memory();
                }
            }
        }
        return measured;
    }

    private Path log(Target target) {
        return options.logs().resolve(target.server() + "-" + target.transport() + ".log");
    }

    /**
     * Warms the driver itself before any server is measured: {@code --client-warmup} calls, one at a time and then as
     * many in flight as a phase has, over each transport the targets use (and over HTTP a tenth as many sessions
     * opened), against the trivial server, unmeasured. Without it the driver's own code was compiled while it measured
     * the first server, and whichever server went first lost every column, sequential HTTP calls by up to 1.9×
     * (bench/RESULTS.md, the server split).
     */
    private void warmClient(List<Target> targets) throws IOException, InterruptedException {
        if (options.clientWarmup() <= 0) return;
        for (LoadTransport transport : targets.stream().map(Target::transport).distinct().toList()) {
            var trivial = new Target("trivial", transport, port -> command("trivial", transport, port));
            int port = freePort();
            Path log = options.logs().resolve("client-warmup-" + transport + ".log");
            try (var process = ServerProcess.start(trivial.command().apply(port), log);
                 var client = client(trivial, process, port)) {
                client.initialize(STARTUP_LIMIT);
                client.callEcho(options.clientWarmup(), 1, options.phaseLimit());
                client.callEcho(options.clientWarmup(), options.concurrency(transport), options.phaseLimit());
                if (options.sessions() > 0 && client instanceof StreamableHttpClient http) {
                    http.openSessions(options.clientWarmup() / 10, 16, options.phaseLimit(), true);
                }
            }
        }
        System.out.println("driver warmed: " + options.clientWarmup() + " calls per transport against the trivial server");
    }

    private TargetResult measure(Target target, StartUps startUps) throws IOException, InterruptedException {
        double[] startup = startUps.initialize;
        double[] toolsList = startUps.toolsList;
        if (options.startupOnly()) {
            var none = new Latencies(0, 0, 0, new long[0]);
            return new TargetResult(target, startup, toolsList, none, none, startUps.idle, TargetResult.Extra.NONE);
        }
        Path log = log(target);
        int port = freePort();
        try (var process = ServerProcess.start(target.command().apply(port), log);
             var client = client(target, process, port)) {
            client.initialize(STARTUP_LIMIT);
            Latencies warm = client.callEcho(options.warmup(), options.concurrency(target.transport()), options.phaseLimit());
            if (!warm.complete()) System.err.println("  warm-up incomplete: " + warm.answered() + "/" + warm.requested());
            ServerProcess.Cpu cpu0 = process.cpu();
            Latencies sequential = client.callEcho(options.requests(), 1, options.phaseLimit());
            ServerProcess.Cpu cpu1 = process.cpu();
            Latencies concurrent = client.callEcho(options.requests(), options.concurrency(target.transport()), options.phaseLimit());
            ServerProcess.Cpu cpu2 = process.cpu();
            ServerProcess.Memory memory = process.memory();
            double[] seq = cpu1.microsPerItemSince(cpu0, sequential.answered());
            double[] con = cpu2.microsPerItemSince(cpu1, concurrent.answered());
            var extra = new TargetResult.Extra(seq[0], con[0], 0, Double.NaN, Double.NaN, Double.NaN, seq[1], con[1], Double.NaN,
                    new double[0]);
            if (options.sessions() > 0 && client instanceof StreamableHttpClient http) {
                // Opening a session runs code no call runs: warmed apart, as the calls are, when asked to; the warm-up's
                // sessions are closed again, so it can be as long as the JIT needs (bench/RESULTS.md).
                if (options.sessionWarmup() > 0) http.openSessions(options.sessionWarmup(), 16, options.phaseLimit(), true);
                long before = process.memory().rssKb();
                // In rounds, each with its rate and CPU, and the medians reported: one compilation of the JIT's (up to
                // half a second on these two cores) lands in a window of a few hundred milliseconds in some runs and not
                // in others, and moved a single window's rate 2-3x from run to run, every server's alike.
                int rounds = Math.min(SESSION_ROUNDS, options.sessions());
                var rates = new double[rounds];
                var cpu = new double[rounds];
                var jit = new double[rounds];
                int opened = 0;
                int done = 0;
                while (done < rounds) {
                    int count = options.sessions() / rounds + (done < options.sessions() % rounds ? 1 : 0);
                    ServerProcess.Cpu cpu3 = process.cpu();
                    long start = System.nanoTime();
                    int now = http.openSessions(count, 16, options.phaseLimit(), false);
                    double seconds = (System.nanoTime() - start) / 1e9;
                    double[] each = process.cpu().microsPerItemSince(cpu3, now);
                    opened += now;
                    if (now == 0) break;
                    rates[done] = now / seconds;
                    cpu[done] = each[0];
                    jit[done] = each[1];
                    done++;
                    if (now < count) break;  // refused or out of time: the rest would be too
                }
                ServerProcess.Memory after = process.memory();
                // None opened (the server refused them all): no figure per session, rather than one divided by 1.
                double none = opened == 0 ? Double.NaN : 1;
                double[] measured = Arrays.copyOf(rates, done);
                double cpuEach = TargetResult.median(Arrays.copyOf(cpu, done));
                double jitEach = TargetResult.median(Arrays.copyOf(jit, done));
                extra = new TargetResult.Extra(extra.seqCpuMicros(), extra.concurrentCpuMicros(), opened,
                        none * TargetResult.median(measured), none * (after.rssKb() - before) / Math.max(1, opened),
                        none * cpuEach, seq[1], con[1], none * jitEach, measured);
                memory = new ServerProcess.Memory(after.rssKb(), after.peakKb());
            }
            return new TargetResult(target, startup, toolsList, sequential, concurrent, memory, extra);
        }
    }

    private LoadSession client(Target target, ServerProcess process, int port) {
        String text = options.echoText();
        return switch (target.transport()) {
            case STDIO -> new StdioClient(process, text);
            case HTTP -> new StreamableHttpClient(port, text);
        };
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String line(TargetResult r) {
        return String.format(Locale.ROOT, "start-up %.0f ms (runs: %s), to tools/list %.0f ms; sequential %s; concurrent %s; RSS %d MiB (peak %d MiB)"
                        + "; CPU per call %.0f µs sequential (JIT %.0f), %.0f µs concurrent (JIT %.0f); sessions %d at %.0f/s, "
                        + "%.1f KiB and %.0f µs CPU each (JIT %.0f; rounds' rates: %s)",
                r.startupMedian(), runs(r.startupMillis()), r.toolsListMedian(), phase(r.sequential()), phase(r.concurrent()),
                r.memory().rssKb() / 1024, r.memory().peakKb() / 1024, r.extra().seqCpuMicros(), r.extra().seqJitMicros(),
                r.extra().concurrentCpuMicros(), r.extra().concurrentJitMicros(), r.extra().sessions(),
                r.extra().sessionsPerSecond(), r.extra().kibPerSession(), r.extra().sessionCpuMicros(),
                r.extra().sessionJitMicros(), runs(r.extra().sessionRounds()));
    }

    private static String runs(double[] millis) {
        var text = new StringBuilder();
        for (double m : millis) text.append(text.isEmpty() ? "" : " ").append(Math.round(m));
        return text.toString();
    }

    private static String phase(Latencies l) {
        return String.format(Locale.ROOT, "%.0f req/s, p50 %.0f µs, p99 %.0f µs%s", l.throughput(),
                l.percentileMicros(0.50), l.percentileMicros(0.99),
                l.complete() ? "" : " (INCOMPLETE: " + l.answered() + "/" + l.requested() + ")");
    }

    /**
     * Each server's figures as ratios to the trivial baseline's over the same transport, when the run measured it:
     * throughput with C in flight (higher is better) and server CPU per call with C in flight (lower is better).
     */
    private static String ratios(List<TargetResult> results) {
        var out = new StringBuilder();
        for (TargetResult base : results) {
            if (!base.target().server().equals("trivial")) continue;
            for (TargetResult r : results) {
                if (r == base || r.target().transport() != base.target().transport()) continue;
                if (out.isEmpty()) out.append("\nagainst the trivial baseline (same transport, C in flight):\n");
                out.append(String.format(Locale.ROOT, "  %s: throughput %.0f%% of trivial's, CPU per call %.2fx trivial's, "
                                + "sequential throughput %.0f%%%n", r.target().name(),
                        100 * r.concurrent().throughput() / base.concurrent().throughput(),
                        r.extra().concurrentCpuMicros() / base.extra().concurrentCpuMicros(),
                        100 * r.sequential().throughput() / base.sequential().throughput()));
                double serving = r.extra().concurrentCpuMicros() - r.extra().concurrentJitMicros();
                double baseServing = base.extra().concurrentCpuMicros() - base.extra().concurrentJitMicros();
                if (!Double.isNaN(serving) && !Double.isNaN(baseServing)) {
                    out.append(String.format(Locale.ROOT, "  %s: CPU per call with C in flight, the JIT compilers' left out, "
                            + "%.2fx trivial's (%.0f against %.0f µs)%n", r.target().name(), serving / baseServing, serving,
                            baseServing));
                }
                if (base.extra().sessions() > 0 && r.extra().sessions() > 0) {
                    out.append(String.format(Locale.ROOT, "  %s: sessions opened per second %.2fx trivial's, CPU per session %.2fx%n",
                            r.target().name(), r.extra().sessionsPerSecond() / base.extra().sessionsPerSecond(),
                            r.extra().sessionCpuMicros() / base.extra().sessionCpuMicros()));
                }
            }
        }
        return out.toString();
    }

    private static String table(DriverOptions o, List<TargetResult> results) {
        var out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "K=%d requests per phase, C=%d in flight over stdio and %d over HTTP, warm-up %d, start-up median of %d runs, text %d bytes, %d sessions%n%n",
                o.requests(), o.stdioConcurrency(), o.httpConcurrency(), o.warmup(), o.startupRuns(), o.echoText().length(), o.sessions()));
        out.append("| server | transport | start-up ms | to tools/list ms | seq req/s | seq p50 µs | seq p99 µs | C req/s | C p50 µs | C p99 µs | RSS MiB | peak RSS MiB | CPU µs/call seq | CPU µs/call C | sessions/s | KiB/session | CPU µs/session | of which JIT: seq, C, session |\n");
        out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (TargetResult r : results) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.0f%s | %.0f | %.0f | %.0f%s | %.0f | %.0f | %d | %d | %.0f | %.0f | %.0f | %.1f | %.0f | %.0f, %.0f, %.0f |%n",
                    r.target().server(), r.target().transport(), r.startupMedian(), r.toolsListMedian(),
                    r.sequential().throughput(), r.sequential().complete() ? "" : "*",
                    r.sequential().percentileMicros(0.5), r.sequential().percentileMicros(0.99),
                    r.concurrent().throughput(), r.concurrent().complete() ? "" : "*",
                    r.concurrent().percentileMicros(0.5), r.concurrent().percentileMicros(0.99),
                    r.memory().rssKb() / 1024, r.memory().peakKb() / 1024, r.extra().seqCpuMicros(),
                    r.extra().concurrentCpuMicros(), r.extra().sessionsPerSecond(), r.extra().kibPerSession(),
                    r.extra().sessionCpuMicros(), r.extra().seqJitMicros(), r.extra().concurrentJitMicros(),
                    r.extra().sessionJitMicros()));
        }
        out.append("(JIT: the CPU of HotSpot's compiler threads in the same phase, NaN for a server that is no HotSpot JVM)\n");
        out.append("(* = the phase hit its time limit before every request was answered)\n");
        return out.toString();
    }
}

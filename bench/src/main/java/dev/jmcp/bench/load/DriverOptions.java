package dev.jmcp.bench.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver's command line: where each server's pieces are, which servers and transports to measure, and the sizes
 * and limits of every phase. Immutable. {@link #parse} throws {@link IllegalArgumentException} with a message for
 * the user on a bad command line.
 */
record DriverOptions(Path jmcp, Path jmcpRelease, boolean startupOnly, Path echoPlugin, Path node, Path tsServer, Path java, String javaSdkClasspath,
                     List<String> javaSdkJvmOptions, List<String> servers, List<LoadTransport> transports, int startupRuns,
                     int warmup, int requests, int stdioConcurrency, int httpConcurrency, Duration phaseLimit, Path logs,
                     int textBytes, int sessions, int sessionWarmup, int clientWarmup) {

    /** The servers {@code --plugin-kinds true} measures: jmcp with each kind of plugin, and the baseline. */
    static final String PLUGIN_KINDS = "jmcp,jmcp-native,jmcp-mount,trivial";

    static final String USAGE = """
            usage: LoadDriver --jmcp BIN --echo-plugin JAR --node NODE --ts-server MJS --java JAVA --java-sdk-classpath CP
                              [--servers jmcp,ts-sdk,java-sdk (jmcp-telemetry: jmcp with --telemetry, exporting nothing;
                                         trivial: the baseline, TrivialServer, a hand-rolled echo with no MCP stack;
                                         jmcp serves echo from a JAR plugin; jmcp-native: from the C sample library
                                         libjmcp-sample-tools.so in its C host (jmcp-native-reentrant: the same with
                                         "reentrant": true, its calls not serialised); jmcp-mount: from TrivialServer over
                                         stdio, mounted by an echo.mcp.json)]
                              [--plugin-kinds true (servers jmcp,jmcp-native,jmcp-mount,trivial; 64 in flight over stdio, 16 over HTTP)]
                              [--stdio-concurrency N] [--http-concurrency N] (override --concurrency per transport)
                              [--transports stdio,http] [--startup-runs 5]
                              [--warmup 5000] [--requests 10000] [--concurrency 16] [--phase-limit-seconds 120]
                              [--java-sdk-jvm-options "OPTS"] [--logs DIR]
                              [--jmcp-release BIN (adds server jmcp-release: another jmcp, e.g. an unpacked release)]
                              [--startup-only true (start-up runs and the RSS of an idle server; no load phases)]
                              [--text-bytes N (echo a text of N bytes instead of one sentence, e.g. 1048576)]
                              [--sessions N (HTTP: then open N more sessions, 16 at a time; rate and KiB per session)]
                              [--session-warmup N (HTTP: open and close N sessions, unmeasured, before those; default 0)]
                              [--client-warmup N (before any server is measured, N calls per transport, and over HTTP
                                                  N/10 sessions, against the trivial server, unmeasured, so that the
                                                  driver's own code is as warm for the first server as for the last;
                                                  default 20000, 0: none)]""";

    static DriverOptions parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) throw new IllegalArgumentException("bad argument: " + args[i]);
            values.put(args[i].substring(2), args[++i]);
        }
        var known = List.of("jmcp", "jmcp-release", "startup-only", "plugin-kinds", "stdio-concurrency", "http-concurrency", "echo-plugin", "node", "ts-server", "java", "java-sdk-classpath", "java-sdk-jvm-options",
                "servers", "transports", "startup-runs", "warmup", "requests", "concurrency", "phase-limit-seconds", "logs",
                "text-bytes", "sessions", "session-warmup", "client-warmup");
        for (String key : values.keySet()) {
            if (!known.contains(key)) throw new IllegalArgumentException("unknown option --" + key);
        }
        boolean pluginKinds = Boolean.parseBoolean(values.getOrDefault("plugin-kinds", "false"));
        var servers = new ArrayList<>(List.of(values.getOrDefault("servers", pluginKinds ? PLUGIN_KINDS : "jmcp,ts-sdk,java-sdk").split(",")));
        if (values.containsKey("jmcp-release") && !servers.contains("jmcp-release")) {
            servers.add(servers.contains("jmcp") ? servers.indexOf("jmcp") + 1 : 0, "jmcp-release");
        }
        for (String server : servers) {
            if (!List.of("jmcp", "jmcp-release", "jmcp-telemetry", "jmcp-native", "jmcp-native-reentrant", "jmcp-mount", "ts-sdk", "java-sdk", "trivial").contains(server)) throw new IllegalArgumentException("unknown server " + server);
        }
        var transports = new ArrayList<LoadTransport>();
        for (String t : values.getOrDefault("transports", "stdio,http").split(",")) transports.add(LoadTransport.valueOf(t.toUpperCase()));
        String jvmOptions = values.getOrDefault("java-sdk-jvm-options", "").trim();
        Path release = values.containsKey("jmcp-release") ? Path.of(values.get("jmcp-release")) : null;
        return new DriverOptions(path(values, "jmcp"), release, Boolean.parseBoolean(values.getOrDefault("startup-only", "false")),
                path(values, "echo-plugin"), path(values, "node"),
                path(values, "ts-server"), path(values, "java"), required(values, "java-sdk-classpath"),
                jvmOptions.isEmpty() ? List.of() : Arrays.asList(jvmOptions.split("\\s+")), List.copyOf(servers), List.copyOf(transports),
                positive(values, "startup-runs", 5), positive(values, "warmup", 5000), positive(values, "requests", 10000),
                positive(values, "stdio-concurrency", positive(values, "concurrency", pluginKinds ? 64 : 16)),
                positive(values, "http-concurrency", positive(values, "concurrency", 16)), Duration.ofSeconds(positive(values, "phase-limit-seconds", 120)),
                Path.of(values.getOrDefault("logs", "bench/target/e2e-logs")),
                Integer.parseInt(values.getOrDefault("text-bytes", "0")), Integer.parseInt(values.getOrDefault("sessions", "0")),
                Integer.parseInt(values.getOrDefault("session-warmup", "0")),
                Integer.parseInt(values.getOrDefault("client-warmup", "20000")));
    }

    /** How many calls are in flight in the warm-up and the concurrent phase over {@code transport}. */
    int concurrency(LoadTransport transport) {
        return transport == LoadTransport.STDIO ? stdioConcurrency : httpConcurrency;
    }

    /** The text every echo call sends: the benchmark's sentence, or that sentence repeated to {@code textBytes}. */
    String echoText() {
        if (textBytes <= 0) return dev.jmcp.bench.codec.Payloads.TEXT;
        String sentence = dev.jmcp.bench.codec.Payloads.TEXT + " ";
        return sentence.repeat(textBytes / sentence.length() + 1).substring(0, textBytes);
    }

    private static String required(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null || value.isBlank()) throw new IllegalArgumentException("--" + key + " is required");
        return value;
    }

    private static Path path(Map<String, String> values, String key) {
        return Path.of(required(values, key));
    }

    private static int positive(Map<String, String> values, String key, int fallback) {
        int value = values.containsKey(key) ? Integer.parseInt(values.get(key)) : fallback;
        if (value < 1) throw new IllegalArgumentException("--" + key + " must be at least 1");
        return value;
    }
}

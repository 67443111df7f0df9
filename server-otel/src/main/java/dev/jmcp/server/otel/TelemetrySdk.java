package dev.jmcp.server.otel;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts the OpenTelemetry SDK from the standard {@code OTEL_*} settings, never stopping the server: a setting the SDK
 * refuses (an unknown exporter, a port taken, a protocol without a sender) is logged in one line, and telemetry runs
 * without the signal it broke; if even that fails, it runs with no exporter at all. Called once at start; the caller
 * owns and closes the SDK.
 */
final class TelemetrySdk {
    private static final Logger log = LoggerFactory.getLogger(TelemetrySdk.class);
    private static final List<String> SIGNALS = List.of("traces", "metrics", "logs");
    /**
     * Both OTLP senders are bundled: the JDK's HTTP client for {@code http/protobuf} (no extra library on that path)
     * and OkHttp's, the only one OpenTelemetry maintains that speaks gRPC without the gRPC stack (the JDK's client
     * cannot read HTTP/2 trailers, which gRPC needs). With two HTTP senders present the SDK wants a preference.
     */
    private static final String HTTP_SENDER = "io.opentelemetry.sdk.common.export.HttpSenderProvider";

    private TelemetrySdk() {
    }

    /**
     * The SDK as the environment and system properties configure it, with {@code overrides} taking precedence over
     * both; registered as the global one when {@code global}.
     */
    static OpenTelemetrySdk start(Map<String, String> overrides, boolean global) {
        if (System.getProperty(HTTP_SENDER) == null) {
            System.setProperty(HTTP_SENDER, "io.opentelemetry.exporter.sender.jdk.internal.JdkHttpSenderProvider");
        }
        try {
            return build(overrides, global);
        } catch (RuntimeException refused) {
            log.warn("Telemetry: a setting was refused ({}); turning off only what it breaks", message(refused));
        }
        var working = new HashMap<>(overrides);
        for (String signal : SIGNALS) {
            var alone = new HashMap<>(overrides);
            for (String other : SIGNALS) if (!other.equals(signal)) alone.put(exporter(other), "none");
            try {
                build(alone, false).close();
            } catch (RuntimeException refused) {
                log.warn("Telemetry: {} are off: {}", signal, message(refused));
                working.put(exporter(signal), "none");
            }
        }
        try {
            return build(working, global);
        } catch (RuntimeException refused) {
            log.warn("Telemetry: exporting nothing, as the settings are refused: {}", message(refused));
            var builder = OpenTelemetrySdk.builder()
                    .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()));
            return global ? builder.buildAndRegisterGlobal() : builder.build();
        }
    }

    private static OpenTelemetrySdk build(Map<String, String> overrides, boolean global) {
        var builder = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of("otel.service.name",
                        System.getenv().getOrDefault("OTEL_SERVICE_NAME", "jmcp")))
                .addPropertiesCustomizer(config -> overrides)
                .disableShutdownHook();
        if (global) builder.setResultAsGlobal();
        return builder.build().getOpenTelemetrySdk();
    }

    private static String exporter(String signal) {
        return "otel." + signal + ".exporter";
    }

    /** The exception's message and its causes', without a stack trace. */
    private static String message(Throwable e) {
        var text = new StringBuilder();
        for (Throwable t = e; t != null && text.length() < 500; t = t.getCause()) {
            String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (text.indexOf(m) < 0) text.append(text.isEmpty() ? "" : ": ").append(m);
        }
        return text.toString();
    }
}

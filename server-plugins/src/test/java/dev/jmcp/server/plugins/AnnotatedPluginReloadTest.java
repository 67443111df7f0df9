package dev.jmcp.server.plugins;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.testkit.PluginJarBuilder;
import dev.jmcp.testkit.RecordingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static dev.jmcp.server.plugins.TestPlugins.collect;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hot reload of plugins whose own classes pass through the schema code: the schemas, validators and converters made
 * for a plugin's records and enums must die with it, not pin its class loader in some process-wide cache.
 */
@Timeout(60)
class AnnotatedPluginReloadTest {
    private static final Duration SETTLE = Duration.ofMillis(100);
    private static final long WAIT_SECONDS = 15;
    private static final Map<String, Object> TURIN =
            Map.of("place", Map.of("city", "Turin", "country", "IT"), "unit", "CELSIUS");

    @TempDir
    Path folder;

    @Test
    void replacingAnAnnotatedPluginLetsItsClassLoaderBeCollected() throws Exception {
        replaceAndCollect(AnnotatedPluginReloadTest::forecasting, next -> {
            assertThat(call(next).structuredContent()).isEqualTo(Map.of(
                    "where", "Turin, IT (version 2)", "temperature", 21.5, "unit", "CELSIUS"));
            assertThat(next.tool("forecast").orElseThrow().tool().inputSchema().toString())
                    .contains("CELSIUS", "city");
        });
    }

    @Test
    void replacingAPluginWhoseSchemaHoldsItsOwnEnumLetsItsClassLoaderBeCollected() throws Exception {
        replaceAndCollect(AnnotatedPluginReloadTest::enumInSchema, next -> {
            assertThat(TestPlugins.text(call(next))).isEqualTo("version 2: CELSIUS in Turin");
            assertThat(next.tool("forecast").orElseThrow().validator().validate(Map.of("unit", "KELVIN")))
                    .singleElement().asString().contains("'unit'", "CELSIUS");
        });
    }

    /**
     * Loads the first version of a plugin serving {@code forecast}, calls it, overwrites the JAR with the second
     * version, asserts that the first one's class loader is collected, and runs {@code second} on the snapshot
     * serving the second version while it is still served.
     */
    private void replaceAndCollect(Function<String, PluginJarBuilder> version, Check second) throws Exception {
        Path jar = version.apply("version 1").writeTo(folder.resolve("forecast.jar"));
        var snapshots = new Snapshots();
        try (var host = new PluginHost(folder, SETTLE, snapshots)) {
            host.start();
            var collected = new ReferenceQueue<ClassLoader>();
            Loaded old = callFirstVersion(snapshots.next(), collected);

            version.apply("version 2").writeTo(jar);

            Registry next = snapshots.await(r -> answer(r).contains("version 2"));
            assertThat(old.closed().await(WAIT_SECONDS, TimeUnit.SECONDS)).as("old version closed").isTrue();
            assertThat(collect(old.loader(), collected, Duration.ofSeconds(WAIT_SECONDS))).as("old class loader collected").isTrue();
            second.check(next);
        }
    }

    @FunctionalInterface
    private interface Check {
        void check(Registry registry) throws Exception;
    }

    /** What the test keeps of the first version: nothing that holds its classes. */
    private record Loaded(WeakReference<ClassLoader> loader, CountDownLatch closed) {
    }

    /**
     * Calls the first version's tool, so that its records and enum have been read and written, and returns only a
     * weak reference to its class loader; everything else it touched stays in this frame.
     */
    private static Loaded callFirstVersion(Registry first, ReferenceQueue<ClassLoader> collected) throws Exception {
        ToolEntry entry = first.tool("forecast").orElseThrow();
        assertThat(TestPlugins.text(call(first))).contains("Turin").contains("version 1");
        // As tools/list does: the declarations go through the process-wide wire codec.
        for (var tool : first.tools()) {
            assertThat(dev.jmcp.protocol.json.JsonCodec.shared().writeValueAsString(tool.tool())).contains(tool.tool().name());
        }
        ClassLoader loader = ((JarPlugin) first.tool("probe").orElseThrow().owner()).classLoader();
        assertThat(loader).isNotSameAs(AnnotatedPluginReloadTest.class.getClassLoader());
        return new Loaded(new WeakReference<>(loader, collected), ((JarPlugin) entry.owner()).closedSignal());
    }

    /** Calls {@code forecast} as the engine does: arguments validated, owner entered, handler called. */
    private static CallToolResult call(Registry registry) throws Exception {
        ToolEntry entry = registry.tool("forecast").orElseThrow();
        assertThat(entry.validator().validate(TURIN)).isEmpty();
        assertThat(entry.owner().enter()).isTrue();
        try {
            CallToolResult result = entry.handler().call(TURIN, RecordingContext.plain());
            assertThat(result.failed()).as("forecast failed: %s", result).isFalse();
            return result;
        } finally {
            entry.owner().exit();
        }
    }

    /** The text {@code forecast} answers in {@code registry}, or "" when it has none or it cannot be called. */
    private static String answer(Registry registry) {
        if (registry.tool("forecast").isEmpty()) return "";
        try {
            return TestPlugins.text(call(registry));
        } catch (Exception | AssertionError e) {
            return "";
        }
    }

    /**
     * A plugin declaring, through {@code registrar.annotated(this)}, a tool that takes a record and an enum and
     * returns a record, all three its own classes.
     */
    private static PluginJarBuilder forecasting(String version) {
        return withTypes("""
                registrar.annotated(this);
                """, """
                @McpTool(description = "Tomorrow's weather")
                public Forecast forecast(@Arg(name = "place") Place place, @Arg(name = "unit") Unit unit) {
                    return new Forecast(place.city() + ", " + place.country() + " (%s)", 21.5, unit);
                }
                """.formatted(version));
    }

    /** A plugin declaring by hand a tool whose input schema lists its own enum's constants, not their names. */
    private static PluginJarBuilder enumInSchema(String version) {
        return withTypes("""
                var unit = Map.of("enum", List.of(Unit.values()));
                var schema = Map.<String, Object>of("type", "object", "properties", Map.of("unit", unit));
                registrar.tool(new Tool("forecast", "d", schema),
                        (a, c) -> CallToolResult.text("%s: " + a.get("unit") + " in "
                                + ((Map<?, ?>) a.get("place")).get("city")));
                """.formatted(version), "");
    }

    /**
     * A plugin with its own enum {@code Unit} and records {@code Place} and {@code Forecast}, running
     * {@code registerBody}, plus a hand-written {@code probe} tool to find its class loader by.
     */
    private static PluginJarBuilder withTypes(String registerBody, String members) {
        return PluginJarBuilder.create()
                .source("forecast.Unit", "package forecast; public enum Unit { CELSIUS, FAHRENHEIT }")
                .source("forecast.Place", "package forecast; public record Place(String city, String country) { }")
                .source("forecast.Forecast",
                        "package forecast; public record Forecast(String where, double temperature, Unit unit) { }")
                .plugin("forecast.Main", """
                        package forecast;

                        import dev.jmcp.plugin.*;
                        import dev.jmcp.protocol.*;
                        import java.util.*;

                        public final class Main implements Plugin {
                            @Override
                            public void register(Registrar registrar) {
                                %s
                                registrar.tool(new Tool("probe", "d", Tool.NO_ARGUMENTS),
                                        (a, c) -> CallToolResult.text("probe"));
                            }

                            %s
                        }
                        """.formatted(registerBody, members));
    }
}

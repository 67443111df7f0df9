package dev.jmcp.dist;

import dev.jmcp.testkit.McpProcess;
import dev.jmcp.testkit.PluginJarBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plugins that misbehave while loading, in the real server over stdio: a class whose static initializer never
 * finishes, and a second JAR declaring a tool another already owns. Both are refused with a reason in the log, in
 * bounded time; the healthy plugin serves, and {@code initialize} does not wait for the stuck one.
 */
@Timeout(90)
class BlockingPluginIT {
    @TempDir
    Path work;

    static byte[] tool(String pkg, String name, String reply, String extraSource) {
        var builder = PluginJarBuilder.create().plugin(pkg + ".Main", """
                package PKG;

                import dev.jmcp.plugin.*;
                import dev.jmcp.protocol.*;

                public final class Main implements Plugin {
                    @Override
                    public void register(Registrar registrar) {
                        registrar.tool(new Tool("NAME", "answers", Tool.NO_ARGUMENTS), (a, c) -> CallToolResult.text(REPLY));
                    }
                }
                """.replace("PKG", pkg).replace("NAME", name).replace("REPLY", reply));
        return extraSource == null ? builder.toBytes() : builder.source(pkg + ".Stuck", extraSource).toBytes();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aClassBlockingInItsStaticInitializerAndADuplicateToolAreRefusedWhileTheHealthyPluginServes()
            throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        // The tool's first call would initialise Stuck, whose initializer never returns and swallows interrupts.
        Files.write(plugins.resolve("a-stuck.jar"), tool("stuck", "stuck", "stuck.Stuck.hello()", """
                package stuck;
                public final class Stuck {
                    static {
                        block();
                    }
                    private static void block() {
                        while (true) {
                            try {
                                Thread.sleep(60_000);
                            } catch (InterruptedException ignored) {
                            }
                        }
                    }
                    public static String hello() { return "never"; }
                }
                """));
        Files.write(plugins.resolve("b-healthy.jar"), tool("healthy", "healthy", "\"fine\"", null));
        Files.write(plugins.resolve("c-duplicate.jar"), tool("duplicate", "healthy", "\"impostor\"", null));
        long start = System.nanoTime();

        try (McpProcess server = Distribution.serve(plugins, Map.of(), work)) {
            server.initialize("2025-11-25", Map.of());
            // Not held up by the stuck plugin, whose classes get 10 s to initialise.
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(9));

            var tools = (List<Map<String, Object>>) server.call("tools/list", Map.of()).get("tools");
            assertThat(tools).extracting(t -> t.get("name")).containsExactly("healthy");
            var result = server.call("tools/call", Map.of("name", "healthy", "arguments", Map.of()));
            assertThat(((List<Map<String, Object>>) result.get("content")).getFirst()).containsEntry("text", "fine");
            assertThat(server.stderr()).contains("c-duplicate.jar");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!server.stderr().contains("initialising class stuck.Stuck did not finish within 10 s")) {
                assertThat(System.nanoTime()).as("the stuck plugin is reported").isLessThan(deadline);
                LockSupport.parkNanos(50_000_000);
            }
            assertThat(((List<Map<String, Object>>) server.call("tools/list", Map.of()).get("tools")))
                    .extracting(t -> t.get("name")).containsExactly("healthy");
            assertThat(server.nonProtocolLines()).isEmpty();
            assertThat(server.closeInputAndWait(Duration.ofSeconds(20))).isZero();
        }
    }
}

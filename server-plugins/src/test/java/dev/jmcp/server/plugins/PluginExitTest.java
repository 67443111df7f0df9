package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Registry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A plugin's every bytecode route to ending the VM fails in the plugin with a {@link SecurityException}. Without the
 * rewriting class loader these tests do not fail politely: the test JVM exits and the run reports it crashed.
 */
@Timeout(60)
class PluginExitTest {
    /** Tools named after the route they take to end the VM. */
    private static final String TOOLS = """
            tool(registrar, "system-exit", () -> System.exit(3));
            tool(registrar, "runtime-exit", () -> Runtime.getRuntime().exit(3));
            tool(registrar, "runtime-halt", () -> Runtime.getRuntime().halt(3));
            tool(registrar, "reflection", () -> Runtime.class.getMethod("exit", int.class).invoke(Runtime.getRuntime(), 3));
            tool(registrar, "reflected-system-exit", () -> System.class.getMethod("exit", int.class).invoke(null, 3));
            tool(registrar, "find-static", () -> java.lang.invoke.MethodHandles.lookup().findStatic(System.class, "exit",
                    java.lang.invoke.MethodType.methodType(void.class, int.class)).invoke(3));
            tool(registrar, "find-virtual", () -> java.lang.invoke.MethodHandles.publicLookup().findVirtual(Runtime.class,
                    "halt", java.lang.invoke.MethodType.methodType(void.class, int.class)).invoke(Runtime.getRuntime(), 3));
            tool(registrar, "bind", () -> java.lang.invoke.MethodHandles.lookup().bind(Runtime.getRuntime(), "exit",
                    java.lang.invoke.MethodType.methodType(void.class, int.class)).invoke(3));
            tool(registrar, "unreflect", () -> java.lang.invoke.MethodHandles.lookup()
                    .unreflect(Runtime.class.getMethod("halt", int.class)).invoke(Runtime.getRuntime(), 3));
            tool(registrar, "method-reference", () -> {
                java.util.function.IntConsumer exit = System::exit;
                exit.accept(3);
            });
            tool(registrar, "bound-method-reference", () -> {
                java.util.function.IntConsumer halt = Runtime.getRuntime()::halt;
                halt.accept(3);
            });
            tool(registrar, "reflection-by-reference", () -> {
                Invoker invoke = java.lang.reflect.Method::invoke;
                invoke.call(Runtime.class.getMethod("exit", int.class), Runtime.getRuntime(), new Object[]{3});
            });
            tool(registrar, "reflected-lookup", () -> {
                var findStatic = java.lang.invoke.MethodHandles.Lookup.class.getMethod("findStatic", Class.class,
                        String.class, java.lang.invoke.MethodType.class);
                var exit = (java.lang.invoke.MethodHandle) findStatic.invoke(java.lang.invoke.MethodHandles.lookup(),
                        System.class, "exit", java.lang.invoke.MethodType.methodType(void.class, int.class));
                exit.invoke(3);
            });
            tool(registrar, "reflected-reflection", () -> {
                var invoke = java.lang.reflect.Method.class.getMethod("invoke", Object.class, Object[].class);
                invoke.invoke(Runtime.class.getMethod("halt", int.class), Runtime.getRuntime(), new Object[]{3});
            });
            tool(registrar, "in-a-thread", () -> {
                var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
                Thread thread = new Thread(() -> System.exit(3));
                thread.setUncaughtExceptionHandler((t, e) -> failure.set(e));
                thread.start();
                thread.join();
                throw (Exception) failure.get();
            });
            tool(registrar, "own-reflection", () -> {
                Object answer = Main.class.getDeclaredMethod("secret").invoke(null);
                if (!"kept".equals(answer)) throw new IllegalStateException(String.valueOf(answer));
                Object max = java.lang.invoke.MethodHandles.lookup().findStatic(Math.class, "max",
                        java.lang.invoke.MethodType.methodType(int.class, int.class, int.class)).invoke(2, 5);
                if (!Integer.valueOf(5).equals(max)) throw new IllegalStateException(String.valueOf(max));
            });
            """;
    private static final String MEMBERS = """
            interface Body { void run() throws Throwable; }
            interface Invoker { Object call(java.lang.reflect.Method m, Object target, Object[] arguments) throws Exception; }

            private static String secret() {
                return "kept";
            }

            private static void tool(Registrar registrar, String name, Body body) {
                registrar.tool(new Tool(name, name, Tool.NO_ARGUMENTS), (arguments, context) -> {
                    try {
                        body.run();
                    } catch (RuntimeException | Error e) {
                        throw e;
                    } catch (Throwable e) {
                        throw new ToolException(e.toString());
                    }
                    return CallToolResult.text("still running");
                });
            }
            """;

    @TempDir
    Path folder;
    @TempDir
    Path copies;
    private JarPluginLoader loader;
    private JarPlugin plugin;
    private Registry registry;

    @BeforeEach
    void loadThePlugin() throws Exception {
        loader = new JarPluginLoader(copies, new ApiClassLoader(getClass().getClassLoader()), name -> null);
        Path jar = plugin("exits", TOOLS, MEMBERS).writeTo(folder.resolve("exits.jar"));
        plugin = loader.load(jar, JarStamp.read(jar));
        registry = Registry.of(List.of(plugin.contribution()));
    }

    @AfterEach
    void retire() {
        plugin.retire();
    }

    @ParameterizedTest
    @ValueSource(strings = {"system-exit", "runtime-exit", "runtime-halt", "reflection", "reflected-system-exit",
            "find-static", "find-virtual", "bind", "unreflect", "method-reference", "bound-method-reference",
            "reflection-by-reference", "reflected-lookup", "reflected-reflection", "in-a-thread"})
    void everyRouteToEndingTheProcessFailsInsideThePlugin(String tool) {
        assertThatThrownBy(() -> TestPlugins.call(registry, tool, Map.of()))
                .isInstanceOf(SecurityException.class)
                .hasMessageStartingWith("A plugin may not end the jmcp server process: ")
                .hasMessageContaining("was refused");
    }

    @Test
    void reflectionAndMethodHandlesOtherwiseKeepThePluginsOwnAccess() throws Exception {
        assertThat(TestPlugins.call(registry, "own-reflection", Map.of())).isEqualTo("still running");
    }

    @Test
    void aPluginThatExitsWhileRegisteringIsRefusedAndTheProcessLives() throws Exception {
        Path jar = plugin("quitter", "System.exit(2);").writeTo(folder.resolve("quitter.jar"));

        assertThatThrownBy(() -> loader.load(jar, JarStamp.read(jar)))
                .isInstanceOf(PluginLoadException.class)
                .hasMessageContaining("SecurityException: A plugin may not end the jmcp server process: "
                        + "System.exit(2) was refused");
    }

    @Test
    void aStaticInitializerThatExitsLeavesTheProcessRunning() throws Exception {
        Path jar = plugin("early", "registrar.tool(new Tool(\"t\", \"d\", Tool.NO_ARGUMENTS), "
                + "(a, c) -> CallToolResult.text(\"served\"));", "static { try { System.exit(4); } catch "
                + "(SecurityException e) { REFUSED = e.getMessage(); } }\nstatic String REFUSED;")
                .writeTo(folder.resolve("early.jar"));
        JarPlugin early = loader.load(jar, JarStamp.read(jar));
        try {
            assertThat(TestPlugins.call(Registry.of(List.of(early.contribution())), "t", Map.of())).isEqualTo("served");
        } finally {
            early.retire();
        }
    }
}

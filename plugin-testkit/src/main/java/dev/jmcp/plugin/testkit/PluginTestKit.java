package dev.jmcp.plugin.testkit;

import dev.jmcp.client.McpClient;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.TextContent;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Loads a plugin into a real jmcp server and connects a real client to it, for a plugin author's tests. Two ways:
 * <ul>
 *   <li>{@link #plugin}: the engine in the test's own JVM, clients over an in-memory connection, in every protocol
 *   revision ({@link PluginUnderTest}). Milliseconds a test: the way to test what the plugin does.</li>
 *   <li>{@link #serve}: {@code jmcp serve} in a child process, the client over stdio. A JVM start (about a second)
 *   per server: for end-to-end tests of the built JAR, the command line and the stdio framing.</li>
 * </ul>
 *
 * <pre>{@code
 * try (var server = PluginTestKit.serve(GreetPlugin.class)) {
 *     CallToolResult result = server.client().callTool("greet", Map.of("name", "Ada"));
 *     assertEquals("Hello, Ada!", PluginTestKit.text(result));
 * }
 * }</pre>
 *
 * With {@link #serve} the server runs in a child process ({@code jmcp serve} on the test's own JDK) with a plugins folder holding the
 * plugin's JAR, so the plugin is loaded exactly as in production: its own class loader, its service file, its
 * configuration from {@code env}. Stateless and thread-safe; each {@link TestServer} is its caller's to close.
 */
public final class PluginTestKit {
    private static final String MAIN = "dev.jmcp.cli.Jmcp";

    private PluginTestKit() {
    }

    /**
     * The plugin whose class is {@code pluginClass}, to load in-process: the folder or JAR it was compiled into (for a
     * Maven project, {@code target/classes}) becomes the plugin's JAR. Configure, then {@link PluginUnderTest.Builder#start}.
     */
    public static PluginUnderTest.Builder plugin(Class<? extends Plugin> pluginClass) {
        return new PluginUnderTest.Builder(codeSource(pluginClass));
    }

    /** As {@link #plugin(Class)}, from a built plugin JAR or a folder of compiled classes and resources. */
    public static PluginUnderTest.Builder plugin(Path jarOrClasses) {
        return new PluginUnderTest.Builder(jarOrClasses);
    }

    /**
     * Serves the plugin whose class is {@code pluginClass} in a child process: the folder or JAR it was compiled into (for a Maven
     * project, {@code target/classes}) becomes the plugin's JAR.
     */
    public static TestServer serve(Class<? extends Plugin> pluginClass) throws IOException, InterruptedException {
        return serve(pluginClass, Map.of());
    }

    /** As {@link #serve(Class)}, with environment variables for the server (the plugin's configuration, say). */
    public static TestServer serve(Class<? extends Plugin> pluginClass, Map<String, String> env)
            throws IOException, InterruptedException {
        return serve(codeSource(pluginClass), env);
    }

    /**
     * As {@link #serve(Class, Map)}, bundling into the plugin's JAR the library each of {@code libraryClasses} comes
     * from, as {@link PluginUnderTest.Builder#bundling} does in-process (and the shade plugin for the built JAR): name
     * one class of each library the plugin needs at run time, the libraries those need included.
     */
    public static TestServer serve(Class<? extends Plugin> pluginClass, Map<String, String> env,
                                   Class<?>... libraryClasses) throws IOException, InterruptedException {
        Path classes = codeSource(pluginClass);
        return serve(classes, env, libraries(classes, libraryClasses));
    }

    /** Serves a plugin from {@code jarOrClasses}: a built plugin JAR, or a folder of compiled classes and resources. */
    public static TestServer serve(Path jarOrClasses, Map<String, String> env) throws IOException, InterruptedException {
        return serve(jarOrClasses, env, List.of());
    }

    private static TestServer serve(Path jarOrClasses, Map<String, String> env, List<Path> libraries)
            throws IOException, InterruptedException {
        Path work = TestServer.workFolder();
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Path jar = plugins.resolve("plugin-under-test.jar");
        if (Files.isDirectory(jarOrClasses)) {
            PluginJar.pack(jarOrClasses, libraries, jar);
        } else {
            Files.copy(jarOrClasses, jar);
        }
        // A short-lived JVM: the quick compiler only, and no G1 threads to start.
        List<String> command = new ArrayList<>(List.of(javaCommand(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Xshare:auto",
                // JVM messages go to standard error: standard output carries the protocol.
                "-Xlog:disable", "-Xlog:all=warning:stderr",
                "-cp", serverClassPath(jarOrClasses), MAIN, "serve", "-p", plugins.toString()));
        var stderr = new StringBuffer();
        McpClient client;
        try {
            client = McpClient.builder().workingDirectory(work).stderr(line -> stderr.append(line).append('\n'))
                    .stdio(command, env);
        } catch (IOException | RuntimeException e) {
            TestServer.deleteTree(work);
            throw new IOException("the jmcp server did not start: " + e.getMessage() + "\n" + stderr, e);
        }
        return new TestServer(client, work, stderr);
    }

    /** The text of a tool result's text content blocks, joined by newlines. */
    public static String text(CallToolResult result) {
        return result.content().stream().filter(c -> c instanceof TextContent).map(c -> ((TextContent) c).text())
                .collect(Collectors.joining("\n"));
    }

    /** The text of a prompt's text messages, joined by newlines. */
    public static String text(dev.jmcp.protocol.GetPromptResult prompt) {
        return prompt.messages().stream().filter(m -> m.content() instanceof TextContent)
                .map(m -> ((TextContent) m.content()).text()).collect(Collectors.joining("\n"));
    }

    /** The text of a resource read's text contents, joined by newlines. */
    public static String text(dev.jmcp.protocol.ReadResourceResult read) {
        return read.contents().stream().filter(c -> c instanceof dev.jmcp.protocol.TextResourceContents)
                .map(c -> ((dev.jmcp.protocol.TextResourceContents) c).text()).collect(Collectors.joining("\n"));
    }

    /**
     * The JARs or class folders {@code libraryClasses} come from, to bundle into the plugin packed from
     * {@code jarOrClasses}: refused for a built JAR (it bundles its libraries already) and for the plugin's own classes.
     */
    static List<Path> libraries(Path jarOrClasses, Class<?>... libraryClasses) {
        if (!Files.isDirectory(jarOrClasses)) {
            throw new IllegalStateException(jarOrClasses + " is a built JAR, which bundles its libraries already");
        }
        List<Path> libraries = new ArrayList<>();
        for (Class<?> type : libraryClasses) {
            Path library = codeSource(type);
            if (library.equals(jarOrClasses)) {
                throw new IllegalArgumentException(type.getName() + " is one of the plugin's own classes, not a "
                        + "library's");
            }
            if (!libraries.contains(library)) libraries.add(library);
        }
        return libraries;
    }

    static Path codeSource(Class<?> type) {
        try {
            var source = type.getProtectionDomain().getCodeSource();
            if (source == null) throw new IllegalArgumentException(type.getName() + " has no code source");
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("cannot locate the classes of " + type.getName(), e);
        }
    }

    /** The java of the JDK running the tests (the plugin was compiled for it). */
    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * The test's class path without the plugin's own classes: it holds the server and its libraries (this kit depends
     * on them), and a plugin must reach the server only as a JAR in its folder.
     */
    private static String serverClassPath(Path pluginClasses) {
        String own = pluginClasses.toAbsolutePath().normalize().toString();
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isBlank()) continue;
            Path path = Path.of(entry).toAbsolutePath().normalize();
            if (path.toString().equals(own) || path.endsWith(Path.of("target", "test-classes"))) continue;
            entries.add(path.toString());
        }
        return String.join(File.pathSeparator, entries);
    }
}

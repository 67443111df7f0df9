package dev.jmcp.testkit;

import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Builds a real plugin JAR in a test: Java sources compiled in memory with the JDK's compiler against the test's own
 * class path ({@code java.class.path}, which holds the plugin API and the protocol), packed with a
 * {@code META-INF/services/dev.jmcp.plugin.Plugin} entry naming the providers, plus any extra resources.
 *
 * <pre>{@code
 * PluginJarBuilder.create()
 *     .plugin("demo.Echo", "package demo; public final class Echo implements dev.jmcp.plugin.Plugin { ... }")
 *     .writeTo(folder.resolve("echo.jar"));
 * }</pre>
 *
 * Not thread-safe; one builder per JAR. Compilation errors throw {@link IllegalStateException} with javac's
 * diagnostics.
 */
public final class PluginJarBuilder {
    /** Where a JAR names its plugin implementations. */
    public static final String SERVICE_FILE = "META-INF/services/dev.jmcp.plugin.Plugin";

    private final Map<String, String> sources = new LinkedHashMap<>();
    private final List<String> providers = new ArrayList<>();
    private final Map<String, byte[]> resources = new LinkedHashMap<>();
    private final Map<String, String> manifestAttributes = new LinkedHashMap<>();
    private boolean serviceFile = true;

    private PluginJarBuilder() {
    }

    public static PluginJarBuilder create() {
        return new PluginJarBuilder();
    }

    /** Adds the source of class {@code className} (binary name, e.g. {@code demo.Echo}). */
    public PluginJarBuilder source(String className, String code) {
        sources.put(className, code);
        return this;
    }

    /** Names {@code className} in the service file; it need not exist (to build broken JARs). */
    public PluginJarBuilder provider(String className) {
        providers.add(className);
        return this;
    }

    /** Adds a plugin class: its source, and its name in the service file. */
    public PluginJarBuilder plugin(String className, String code) {
        return source(className, code).provider(className);
    }

    /** Adds a file to the JAR, e.g. {@code demo/greeting.txt}. */
    public PluginJarBuilder resource(String path, byte[] content) {
        resources.put(path, content.clone());
        return this;
    }

    public PluginJarBuilder resource(String path, String content) {
        return resource(path, content.getBytes(StandardCharsets.UTF_8));
    }

    /** Adds a main attribute to the JAR's manifest, e.g. {@code Jmcp-Plugin-Name}. */
    public PluginJarBuilder manifestAttribute(String name, String value) {
        manifestAttributes.put(name, value);
        return this;
    }

    /** Leaves the service file out (a JAR that names no plugin). */
    public PluginJarBuilder withoutServiceFile() {
        serviceFile = false;
        return this;
    }

    /** The compiled classes, by JAR entry name ({@code demo/Echo.class}). */
    public Map<String, byte[]> compile() {
        var classes = new TreeMap<String, byte[]>();
        if (sources.isEmpty()) return classes;
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) throw new IllegalStateException("no Java compiler in this runtime; tests need a full JDK");
        var diagnostics = new DiagnosticCollector<JavaFileObject>();
        var outputs = new LinkedHashMap<String, ByteArrayOutputStream>();
        StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
        JavaFileManager memory = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                URI uri = URI.create("mem:///" + className.replace('.', '/') + kind.extension);
                return new SimpleJavaFileObject(uri, kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return outputs.computeIfAbsent(className, name -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        var units = new ArrayList<JavaFileObject>();
        sources.forEach((className, code) -> units.add(
                new SimpleJavaFileObject(URI.create("string:///" + className.replace('.', '/') + ".java"),
                        JavaFileObject.Kind.SOURCE) {
                    @Override
                    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                        return code;
                    }
                }));
        // -parameters, as the README tells plugin authors: annotated methods name their arguments after parameters.
        var options = List.of("-classpath", System.getProperty("java.class.path"), "-proc:none", "-implicit:none",
                "-nowarn", "-encoding", "UTF-8", "-parameters");
        var log = new StringWriter();
        boolean compiled = javac.getTask(log, memory, diagnostics, options, null, units).call();
        if (!compiled) {
            var message = new StringBuilder("plugin sources do not compile:");
            diagnostics.getDiagnostics().forEach(d -> message.append('\n').append(d));
            throw new IllegalStateException(message.append('\n').append(log).toString());
        }
        outputs.forEach((className, bytes) -> classes.put(className.replace('.', '/') + ".class", bytes.toByteArray()));
        return classes;
    }

    /** The JAR's bytes. */
    public byte[] toBytes() {
        var manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifestAttributes.forEach((name, value) -> manifest.getMainAttributes().putValue(name, value));
        var bytes = new ByteArrayOutputStream();
        try (var jar = new JarOutputStream(bytes, manifest)) {
            for (var entry : compile().entrySet()) {
                put(jar, entry.getKey(), entry.getValue());
            }
            if (serviceFile) {
                put(jar, SERVICE_FILE, (String.join("\n", providers) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            for (var entry : resources.entrySet()) {
                put(jar, entry.getKey(), entry.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Writes the JAR to {@code jar} (creating its folders; overwriting it in place if it exists, as a user copying
     * a new version would) and returns {@code jar}.
     */
    public Path writeTo(Path jar) {
        byte[] content = toBytes();
        try {
            if (jar.getParent() != null) Files.createDirectories(jar.getParent());
            Files.write(jar, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jar;
    }

    private static void put(JarOutputStream jar, String name, byte[] content) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(content);
        jar.closeEntry();
    }
}

package dev.jmcp.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's embedding example, taken from the README itself, compiles as a module of someone else's would: against
 * the exports of the server and its HTTP transport only ({@code requires dev.jmcp.server; requires
 * dev.jmcp.server.http;}, the distribution's {@code lib/} as module path). And
 * the same compilation refuses code that reaches into a package the server keeps to itself, so passing means the
 * example uses the exports alone.
 */
@Timeout(120)
class EmbeddingExampleIT {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern CLASS = Pattern.compile("^public (?:final )?class (\\w+)", Pattern.MULTILINE);

    @TempDir
    Path work;

    @Test
    void theReadmesEmbeddingExampleCompilesAgainstTheExportsAlone() throws Exception {
        String readme = Files.readString(Distribution.HOME.resolve("../../../README.md").normalize());
        // The embedding example is the Java block that makes an McpServer (others show plugins, the test kit, the client).
        var code = JAVA_BLOCK.matcher(readme);
        String source = null;
        while (source == null && code.find()) {
            if (code.group(1).contains("new McpServer(")) source = code.group(1);
        }
        assertThat(source).as("the README has a Java example that embeds the server").isNotNull();

        String errors = compile(source);
        assertThat(errors).as("the README's embedding example does not compile against the server's exports").isEmpty();
    }

    @Test
    void codeReachingIntoAnUnexportedPackageDoesNotCompile() throws Exception {
        String errors = compile("""
                package com.example;

                public class Inside {
                    Object engine = dev.jmcp.server.engine.Engine.class;
                }
                """);
        assertThat(errors).contains("dev.jmcp.server.engine").contains("not visible");
    }

    /** Compiles {@code source} as the one class of a module that requires the server; the compiler's errors, or "". */
    private String compile(String source) throws IOException {
        Matcher pkg = PACKAGE.matcher(source);
        Matcher type = CLASS.matcher(source);
        assertThat(pkg.find()).as("the example names its package (a module's classes are in one)").isTrue();
        assertThat(type.find()).as("the example is a public class").isTrue();
        Path root = work.resolve("src");
        Path file = root.resolve(pkg.group(1).replace('.', '/')).resolve(type.group(1) + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        Path descriptor = Files.writeString(root.resolve("module-info.java"), """
                module embedder {
                    requires dev.jmcp.server;
                    requires dev.jmcp.server.http;
                }
                """);

        List<Path> modulePath;
        try (Stream<Path> jars = Files.list(Distribution.HOME.resolve("lib"))) {
            modulePath = jars.filter(jar -> jar.toString().endsWith(".jar")).sorted().toList();
        }
        assertThat(modulePath).as("the distribution's libraries").isNotEmpty()
                .anyMatch(jar -> jar.getFileName().toString().startsWith("jmcp-server-"));

        var compiler = ToolProvider.getSystemJavaCompiler();
        var diagnostics = new DiagnosticCollector<JavaFileObject>();
        try (var files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            files.setLocationFromPaths(StandardLocation.MODULE_PATH, modulePath);
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(Files.createDirectories(work.resolve("out"))));
            var units = files.getJavaFileObjectsFromPaths(List.of(descriptor, file));
            boolean compiled = compiler.getTask(null, files, diagnostics, List.of("-proc:none"), null, units).call();
            String messages = diagnostics.getDiagnostics().stream()
                    .filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR)
                    .map(d -> (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ")
                            + d.getMessage(Locale.ROOT))
                    .collect(Collectors.joining("\n"));
            if (!compiled && messages.isEmpty()) messages = "the compiler failed without an error message";
            return messages;
        }
    }
}

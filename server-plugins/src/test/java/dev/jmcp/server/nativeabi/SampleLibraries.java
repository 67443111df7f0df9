package dev.jmcp.server.nativeabi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The native libraries of {@code plugins/native-samples}, as files: straight from its build output when the reactor
 * resolves it to a folder, extracted once into a temporary folder when it resolves to its JAR; and libraries a test
 * writes in C itself, built with the machine's {@code cc} against the header the samples ship.
 */
final class SampleLibraries {
    private static Path extracted;

    private SampleLibraries() {
    }

    /** The file of {@code libjmcp-<name>.so}. */
    static synchronized Path path(String name) {
        String resource = "native/libjmcp-" + name + ".so";
        URL url = SampleLibraries.class.getClassLoader().getResource(resource);
        if (url == null) throw new IllegalStateException(resource + " is not on the test class path; build plugins/native-samples");
        try {
            if (url.getProtocol().equals("file")) return Path.of(url.toURI());
            if (extracted == null) extracted = Files.createTempDirectory("jmcp-native-samples-");
            Path file = extracted.resolve("libjmcp-" + name + ".so");
            if (!Files.exists(file)) {
                try (InputStream in = url.openStream()) {
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the plugin header the samples ship ({@code jmcp_plugin.h}) into {@code folder}. */
    static void copyHeader(Path folder) throws IOException {
        try (InputStream header = SampleLibraries.class.getClassLoader()
                .getResourceAsStream("native/include/jmcp_plugin.h")) {
            if (header == null) throw new IllegalStateException("the header is not on the test class path");
            Files.copy(header, folder.resolve("jmcp_plugin.h"));
        }
    }

    /**
     * {@code libjmcp-<name>.so} built in {@code folder} from the C source {@code source} with {@code cc}, as a C plugin
     * is built (linked with the C++ runtime for {@code jmcp_alloc_result}); fails with the compiler's output.
     */
    static Path compile(Path folder, String name, String source) throws IOException, InterruptedException {
        copyHeader(folder);
        Files.writeString(folder.resolve(name + ".c"), source);
        Path library = folder.resolve("libjmcp-" + name + ".so");
        Process cc = new ProcessBuilder(List.of("cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", ".", "-o",
                library.toString(), name + ".c", "-lstdc++")).directory(folder.toFile()).redirectErrorStream(true)
                .start();
        String output = new String(cc.getInputStream().readAllBytes());
        if (!cc.waitFor(30, TimeUnit.SECONDS)) {
            cc.destroyForcibly();
            throw new IllegalStateException("cc did not finish within 30 s");
        }
        if (cc.exitValue() != 0) throw new IllegalStateException("cc failed: " + output);
        return library;
    }
}

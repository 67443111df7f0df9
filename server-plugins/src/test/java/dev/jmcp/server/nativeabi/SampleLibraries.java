package dev.jmcp.server.nativeabi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The native libraries of {@code plugins/native-samples}, as files: straight from its build output when the reactor
 * resolves it to a folder, extracted once into a temporary folder when it resolves to its JAR.
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
}

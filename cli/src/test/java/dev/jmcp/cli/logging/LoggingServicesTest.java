package dev.jmcp.cli.logging;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tinylog.core.TinylogLoggingProvider;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** tinylog's services found in tinylog's own JARs, everything else as the class path has it. */
class LoggingServicesTest {
    private static final String WRITERS = "META-INF/services/org.tinylog.writers.Writer";
    private static final String LOADERS = "META-INF/services/org.tinylog.configuration.ConfigurationLoader";
    private static final String OTHER = "META-INF/services/org.example.Other";

    @TempDir
    Path folder;

    @Test
    void tinylogsServiceFilesComeFromTinylogsJarsAndNothingElseChanges() throws Exception {
        // A class path entry with service files of its own: tinylog's are not listed from it, another one is.
        Path services = Files.createDirectories(folder.resolve("META-INF/services"));
        Files.writeString(services.resolve("org.tinylog.writers.Writer"), "org.example.Writer\n");
        Files.writeString(services.resolve("org.example.Other"), "org.example.OtherImpl\n");
        try (var classPath = new URLClassLoader(new URL[]{folder.toUri().toURL()}, getClass().getClassLoader())) {
            LoggingServices loader = LoggingServices.over(classPath);
            assertThat(loader).isNotNull();

            List<URL> writers = Collections.list(loader.getResources(WRITERS));
            assertThat(writers).singleElement().asString().contains("tinylog-impl");
            assertThat(Collections.list(classPath.getResources(WRITERS))).hasSize(2);
            assertThat(Collections.list(loader.getResources(LOADERS))).singleElement().asString()
                    .contains("tinylog-api");

            assertThat(Collections.list(loader.getResources(OTHER)))
                    .isEqualTo(Collections.list(classPath.getResources(OTHER)))
                    .singleElement().asString().endsWith(folder.getFileName() + "/" + OTHER);
            assertThat(loader.loadClass(TinylogLoggingProvider.class.getName())).isSameAs(TinylogLoggingProvider.class);
        }
    }

    @Test
    void tinylogStartsFromJmcpsDefaultsNotFromAPropertiesFile() {
        assertThat(new DefaultConfiguration().load()).isEqualTo(LogSetup.properties(false, Optional.empty()));
    }
}

package dev.jmcp.cli.create;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Maven repository inside the distribution this command runs from ({@code repository/} beside {@code lib/}):
 * jmcp's published artifacts and every library a plugin project compiles and tests with. A generated project names it
 * by a {@code file:} URL, so it builds from the release alone. Static.
 */
final class ReleaseRepository {
    /** Where jmcp's artifacts are published; a project written by classes outside a distribution (tests) names it. */
    static final String CENTRAL = "https://repo.maven.apache.org/maven2";

    private ReleaseRepository() {
    }

    /** The distribution's repository folder, or null when this runs from classes or a distribution without one. */
    static Path folder() {
        try {
            var source = ReleaseRepository.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path jar = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(jar) || jar.getParent() == null || jar.getParent().getParent() == null) return null;
            Path repository = jar.getParent().getParent().resolve("repository");
            return Files.isDirectory(repository) ? repository.toAbsolutePath().normalize() : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** The URL a generated POM declares: the distribution's repository, else Maven Central. */
    static String url() {
        Path folder = folder();
        return folder != null ? folder.toUri().toString() : CENTRAL;
    }
}

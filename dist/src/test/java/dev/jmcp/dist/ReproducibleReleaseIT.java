package dev.jmcp.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The release archive's {@code repository/} holds the very files a release deploys, although a release is deployed
 * by a build of its own ({@code mvn -P release deploy}) and the archive comes from another: the source tree is copied
 * to a new folder (another path, no build output), the README's staging deploy runs there, and every {@code dev.jmcp}
 * JAR and POM the deploy stages must be byte for byte the file of the same name in the repository of the
 * distribution under test, for each artifact the repository carries. What makes that hold is the parent's
 * {@code project.build.outputTimestamp}: without it every JAR entry carries the time it was built.
 *
 * <p>The second Maven runs on the Java the first one runs on (as a maintainer's release build must): the JAR
 * manifests name the Java release Maven ran on ({@code Build-Tool-Jdk-Spec}; the Javadoc JAR's
 * {@code Build-Jdk-Spec}), which this build's plugins write whatever they are configured with.
 *
 * <p>The staging deploy is the README's command, with no {@code -P release}: that profile adds signatures and the
 * Central bundle around the same files (what it signs is {@link ReleaseProfileIT}'s subject), and needs a key.
 */
@Timeout(1200)
class ReproducibleReleaseIT {
    private static final Path ROOT = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath().normalize();
    /** Folders that are build output, version control or local caches, never part of the sources. */
    private static final Set<String> NOT_SOURCES = Set.of("target", ".git", ".worktrees", ".cache", "node_modules",
            ".idea");
    /** ARTIFACT-VERSION[-CLASSIFIER].EXT, where a deployed snapshot's version is 0.1.0-20261128.061500-1. */
    private static final Pattern FILE = Pattern.compile("\\d+\\.\\d+\\.\\d+(?:-SNAPSHOT|-\\d{8}\\.\\d{6}-\\d+)?"
            + "(?<rest>(?:-(?:sources|javadoc))?\\.(?:jar|pom))");

    @Test
    void aSecondBuildElsewhereDeploysExactlyTheFilesOfTheArchivesRepository(@TempDir Path work) throws Exception {
        Path sources = work.resolve("jmcp");
        copySources(ROOT, sources);
        Path log = work.resolve("deploy.log");
        var builder = new ProcessBuilder("mvn", "-B", "-q", "deploy", "-pl",
                "bom,protocol,plugin-api,client,plugin-testkit", "-am", "-DskipTests", "-Dmaven.install.skip=true",
                "-DaltDeploymentRepository=staging::file:target/staging")
                .directory(sources.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove("MAVEN_OPTS");
        String mavenJava = System.getProperty("jmcp.maven.java.home");
        if (mavenJava != null) builder.environment().put("JAVA_HOME", mavenJava);
        Process maven = builder.start();
        maven.getOutputStream().close();
        if (!maven.waitFor(1080, TimeUnit.SECONDS)) {
            maven.descendants().forEach(ProcessHandle::destroyForcibly);
            maven.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(maven.exitValue()).as(Files.readString(log)).isZero();

        TreeMap<String, Path> staged = artifacts(sources.resolve("target/staging/dev/jmcp"));
        TreeMap<String, Path> shipped = artifacts(Distribution.HOME.resolve("repository/dev/jmcp"));
        assertThat(staged.keySet().stream().map(ReproducibleReleaseIT::artifactId).distinct())
                .as("the staged artifacts: the eleven modules the README lists, the parent and the BOM").hasSize(13);
        assertThat(shipped).as("the archive's own artifacts").hasSizeGreaterThanOrEqualTo(10 * 3);
        // Every artifact the archive carries, with each of its files a deploy stages (POM, JAR, sources, Javadoc).
        var carried = new TreeMap<String, Path>();
        staged.forEach((name, file) -> {
            String artifact = artifactId(name);
            if (shipped.keySet().stream().anyMatch(s -> artifactId(s).equals(artifact))) carried.put(name, file);
        });
        assertThat(shipped.keySet()).as("the archive's files of the artifacts it carries")
                .containsExactlyElementsOf(carried.keySet());
        for (var entry : carried.entrySet()) {
            assertThat(Files.mismatch(entry.getValue(), shipped.get(entry.getKey())))
                    .as("%s: the staged file and the archive's differ from this byte on", entry.getKey())
                    .isEqualTo(-1L);
        }
    }

    /** Each JAR and POM under a dev/jmcp folder, named ARTIFACT/ARTIFACT[-CLASSIFIER].EXT without its version. */
    private static TreeMap<String, Path> artifacts(Path group) throws IOException {
        var found = new TreeMap<String, Path>();
        try (Stream<Path> files = Files.walk(group)) {
            files.filter(Files::isRegularFile).forEach(file -> {
                String artifact = group.relativize(file).getName(0).toString();
                String name = file.getFileName().toString();
                if (!name.startsWith(artifact + "-")) return;
                var matcher = FILE.matcher(name.substring(artifact.length() + 1));
                if (matcher.matches()) found.put(artifact + "/" + artifact + matcher.group("rest"), file);
            });
        }
        return found;
    }

    private static String artifactId(String name) {
        return name.substring(0, name.indexOf('/'));
    }

    /** The source tree as a fresh clone has it: everything but build output, version control and caches. */
    private static void copySources(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                if (!dir.equals(from) && NOT_SOURCES.contains(dir.getFileName().toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile()) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}

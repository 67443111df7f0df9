package dev.jmcp.plugin.testkit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the in-process mode packs and where: a JAR whose manifest comes first and keeps the classes' own attributes,
 * with one fixed time on every entry (the same classes give the same bytes, and no time-zone rules are loaded), in a
 * fresh work folder only this user can enter.
 */
@Timeout(30)
class PluginJarTest {
    @TempDir
    Path temp;

    @Test
    void theJarHasTheManifestFirstAndOneFixedTimeOnEveryEntry() throws Exception {
        Path classes = Files.createDirectories(temp.resolve("classes"));
        Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(classes.resolve("META-INF/MANIFEST.MF"), "Manifest-Version: 1.0\nJmcp-Plugin-Name: units\n");
        Files.writeString(classes.resolve("META-INF/services/dev.jmcp.plugin.Plugin"), "a.UnitsPlugin\n");
        Files.createDirectories(classes.resolve("a"));
        Files.write(classes.resolve("a/UnitsPlugin.class"), new byte[]{(byte) 0xCA, (byte) 0xFE});

        Path jar = temp.resolve("units.jar");
        PluginJar.pack(classes, jar);
        Path again = temp.resolve("again.jar");
        PluginJar.pack(classes, again);

        try (var in = new JarInputStream(Files.newInputStream(jar))) {
            assertThat(in.getManifest().getMainAttributes().getValue("Jmcp-Plugin-Name")).isEqualTo("units");
        }
        try (var file = new JarFile(jar.toFile())) {
            assertThat(file.stream().map(e -> e.getName())).containsExactly(JarFile.MANIFEST_NAME,
                    "META-INF/services/dev.jmcp.plugin.Plugin", "a/UnitsPlugin.class");
            assertThat(file.stream().map(e -> e.getTimeLocal()).distinct())
                    .containsExactly(LocalDateTime.of(2000, 1, 1, 0, 0));
        }
        assertThat(again).hasSameBinaryContentAs(jar);
    }

    @Test
    void eachWorkFolderIsNewAndOnlyThisUsersOwn() throws Exception {
        Path first = TestServer.workFolder();
        Path second = TestServer.workFolder();
        try {
            assertThat(first).isDirectory().isNotEqualTo(second);
            assertThat(first.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first))).isEqualTo("rwx------");
        } finally {
            TestServer.deleteTree(first);
            TestServer.deleteTree(second);
        }
    }
}

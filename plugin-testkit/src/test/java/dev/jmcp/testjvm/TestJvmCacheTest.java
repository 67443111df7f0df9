package dev.jmcp.testjvm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The record of what a test JVM's AOT cache was trained on, and the check against it, in this very JVM (its class path
 * is real: this module's folders and the JARs of its dependencies). JDK 25 maps such a cache without looking at the
 * class path, so this check is all that keeps a test JVM from running classes of libraries it no longer has.
 */
@Timeout(30)
class TestJvmCacheTest {
    @TempDir
    Path temp;

    @Test
    void theRecordNamesTheJdkAndEveryJarOfTheClassPathButNoFolder() throws Exception {
        String fingerprint = TestJvmCache.fingerprint();
        var lines = fingerprint.lines().toList();

        assertThat(lines.getFirst()).isEqualTo(System.getProperty("java.home") + " "
                + System.getProperty("java.vm.version"));
        Path jar = Path.of(Test.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(lines).contains(Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis() + " " + jar);
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Files.isDirectory(Path.of(entry))) assertThat(fingerprint).doesNotContain(" " + entry + "\n");
        }
        assertThat(TestJvmCache.fingerprint()).as("the same JVM, the same record").isEqualTo(fingerprint);
    }

    @Test
    void aCacheTrainedOnTheseLibrariesIsKept() throws Exception {
        Path cache = Files.writeString(temp.resolve("tests.aot"), "cache");
        TestJvmCache.recordTraining(cache);

        TestJvmCache.check(cache, true);

        assertThat(cache).exists();
        assertThat(TestJvmCache.record(cache)).content().isEqualTo(TestJvmCache.fingerprint());
    }

    @Test
    void aJvmStartedFromACacheOfOtherLibrariesStopsAndTheCacheIsDeleted() throws Exception {
        Path cache = Files.writeString(temp.resolve("tests.aot"), "cache");
        Files.writeString(TestJvmCache.record(cache), TestJvmCache.fingerprint().replace(".jar\n", ".jar.old\n"));

        assertThatThrownBy(() -> TestJvmCache.check(cache, true)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(cache + ", an AOT cache trained on other libraries")
                .hasMessageContaining("Run the tests again");

        assertThat(cache).doesNotExist();
        assertThat(TestJvmCache.record(cache)).doesNotExist();
    }

    @Test
    void aCacheTheJvmRefusedIsDeletedQuietlyWhenItsLibrariesDiffer() throws Exception {
        Path cache = Files.writeString(temp.resolve("tests.aot"), "cache");

        TestJvmCache.check(cache, false); // no record at all: trained on nothing this JVM can vouch for

        assertThat(cache).doesNotExist();
    }

    @Test
    void noCacheNothingToCheck() throws Exception {
        Path cache = temp.resolve("missing.aot");

        TestJvmCache.check(cache, true);

        assertThat(cache).doesNotExist();
        assertThat(TestJvmCache.record(cache)).doesNotExist();
    }
}

package dev.jmcp.server.plugins;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static dev.jmcp.server.plugins.TestPlugins.plugin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(60)
class JarPluginLeaseTest {
    @TempDir
    Path folder;
    @TempDir
    Path copies;

    private JarPlugin load() throws Exception {
        Path jar = plugin("lease", "", "").writeTo(folder.resolve("lease.jar"));
        var loader = new JarPluginLoader(copies, new ApiClassLoader(getClass().getClassLoader()), name -> null);
        return loader.load(jar, JarStamp.read(jar));
    }

    @Test
    void retiredPluginClosesOnlyAfterItsLastCallExits() throws Exception {
        JarPlugin plugin = load();
        assertThat(plugin.enter()).isTrue();
        assertThat(plugin.enter()).isTrue();

        plugin.retire();
        assertThat(plugin.enter()).as("no new call enters a retired plugin").isFalse();
        plugin.exit();
        assertThat(plugin.awaitClosed(Duration.ofMillis(50))).isFalse();
        assertThat(plugin.copy()).exists();

        plugin.exit();
        assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
        assertThat(plugin.copy()).doesNotExist();
        assertThat(plugin.enter()).isFalse();
    }

    @Test
    void idleRetiredPluginClosesAtOnceAndRetiringAgainChangesNothing() throws Exception {
        JarPlugin plugin = load();

        plugin.retire();
        plugin.retire();

        assertThat(plugin.awaitClosed(Duration.ofSeconds(10))).isTrue();
        assertThat(plugin.idle()).isTrue();
    }

    @Test
    void exitWithoutEnterIsAnError() throws Exception {
        JarPlugin plugin = load();

        assertThatThrownBy(plugin::exit).isInstanceOf(IllegalStateException.class);
        plugin.retire();
    }
}

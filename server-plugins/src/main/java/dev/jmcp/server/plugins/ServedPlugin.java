package dev.jmcp.server.plugins;

import dev.jmcp.server.registry.Contribution;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A plugin serving from one file of the plugins folder, whatever its kind: what the {@link PluginHost} needs to put
 * it in a snapshot, to tell whether its file changed, and to retire it. Implementations are thread-safe.
 */
sealed interface ServedPlugin permits ServedJar, ServedMount, ServedNative {

    /** The plugin's name, unique among the serving plugins. */
    String name();

    /** The file in the plugins folder it serves from. */
    Path source();

    /** Its file's stamp when it was loaded. */
    PluginStamp stamp();

    /** What it declares now, as the host last accepted it. */
    Contribution contribution();

    /** No new call may enter; it closes once the last call inside it has left. Idempotent. */
    void retire();

    /** True when retired and no call is inside. */
    boolean idle();

    boolean awaitClosed(Duration timeout) throws InterruptedException;
}

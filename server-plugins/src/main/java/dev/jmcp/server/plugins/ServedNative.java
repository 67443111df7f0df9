package dev.jmcp.server.plugins;

import dev.jmcp.server.nativeabi.NativePlugin;
import dev.jmcp.server.registry.Contribution;

import java.nio.file.Path;
import java.time.Duration;

/** A native library loaded into the server's own process, by the user's choice ({@code "isolation": "in-process"}). */
record ServedNative(NativePlugin library, Path source, PluginStamp stamp) implements ServedPlugin {
    @Override
    public String name() {
        return library.name();
    }

    @Override
    public Contribution contribution() {
        return library.contribution();
    }

    @Override
    public void retire() {
        library.retire();
    }

    /** Unknown from outside the library (a native call may still be running): the host does not wait for it. */
    @Override
    public boolean idle() {
        return false;
    }

    @Override
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return library.awaitClosed(timeout);
    }
}

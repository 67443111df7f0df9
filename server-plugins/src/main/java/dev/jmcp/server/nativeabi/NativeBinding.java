package dev.jmcp.server.nativeabi;

import java.nio.file.Path;
import java.util.List;

/**
 * A native library bound and initialized, wherever it runs: in this process ({@link NativeLibrary}) or in a child
 * process of the native host program ({@link NativeChild}); what it declares, read once when it was loaded. Closed by
 * its {@link NativePlugin} once no call is running.
 */
sealed interface NativeBinding extends AutoCloseable permits NativeLibrary, NativeChild {
    /** The library's name, as {@code GetName()} gave it. */
    String name();

    String version();

    NativeLibrary.Kind kind();

    /** The declared tools, prompts or resources (per {@link #kind}), in the library's order. */
    List<NativeLibrary.Item> items();

    /** The file the library was loaded from (not the private copy). */
    Path file();

    @Override
    void close();
}

package dev.jmcp.server.nativeabi;

import java.nio.file.Path;

/** A file that is not a usable native plugin; the message names the file and the reason, for the log. */
public final class NativeLoadException extends Exception {
    private static final long serialVersionUID = 1L;

    public NativeLoadException(Path file, String reason) {
        super("Native plugin " + file.getFileName() + " skipped: " + reason);
    }

    public NativeLoadException(Path file, String reason, Throwable cause) {
        super("Native plugin " + file.getFileName() + " skipped: " + reason, cause);
    }
}

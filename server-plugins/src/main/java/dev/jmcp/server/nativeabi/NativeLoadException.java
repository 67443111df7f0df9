package dev.jmcp.server.nativeabi;

import java.nio.file.Path;

/**
 * A file that is not a usable native plugin, or (with {@link #notReady()}) a library whose process was not ready in
 * time, which may be tried again; the message names the file and the reason, for the log.
 */
public final class NativeLoadException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String reason;
    private final boolean notReady;

    public NativeLoadException(Path file, String reason) {
        this(file, reason, null, false);
    }

    public NativeLoadException(Path file, String reason, Throwable cause) {
        this(file, reason, cause, false);
    }

    private NativeLoadException(Path file, String reason, Throwable cause, boolean notReady) {
        super("Native plugin " + file.getFileName() + " skipped: " + reason, cause);
        this.reason = reason;
        this.notReady = notReady;
    }

    /** Its process did not answer within the start-up timeout: a slow start, worth another try. */
    static NativeLoadException notReady(Path file, String reason) {
        return new NativeLoadException(file, reason, null, true);
    }

    /** The reason alone, without the file. */
    public String reason() {
        return reason;
    }

    /** True when the library was not ready in time (another try may succeed), false when it is not a plugin. */
    public boolean notReady() {
        return notReady;
    }
}

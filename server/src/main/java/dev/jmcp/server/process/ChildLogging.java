package dev.jmcp.server.process;

/**
 * How a JAR plugin's child process ({@link JarHostMain}) sets up its logging, where the program on its class path has
 * a way of its own: a service, found with {@link java.util.ServiceLoader} (the jmcp command provides one: its tinylog
 * set-up, as {@code jmcp serve} over stdio has it). Without one the child logs through SLF4J as it finds it, whatever
 * the back end; standard output is standard error by then, so no back end can write onto the protocol.
 *
 * <p>Implementations need a public constructor without arguments. The child calls {@link #configure} once, on its main
 * thread, before anything logs, and {@link #shutdown} last, as the process exits.
 */
public interface ChildLogging {
    /** Sets up this process's logging: every line on standard error, none on standard output. */
    void configure();

    /** Flushes and closes what {@link #configure} set up; lines logged afterwards may be lost. */
    default void shutdown() {
    }
}

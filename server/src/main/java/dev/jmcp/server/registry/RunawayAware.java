package dev.jmcp.server.registry;

/**
 * An {@link Owner} that wants to know when its code keeps running after the server asked it to stop: a cancelled call
 * still running after a bounded time, a thread that ignores interruption, a {@code close()} that never returns. A
 * JVM cannot stop such a thread; what the owner does about it (refuse new calls, say so) is its own. Thread-safe.
 */
public interface RunawayAware {

    /** Code of this owner runs on though asked to stop; {@code what} says which (a call, a thread) and where. */
    void ranAway(String what);
}

package dev.jmcp.server.stdio;

import org.slf4j.Logger;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The protocol's own standard output, for every process that serves MCP over stdio: the jmcp command and a JAR
 * plugin's child (a native library's JVM host, which speaks frames, moves its descriptors itself, as the native host
 * program does). {@link #takeStandardOutput} takes the real standard output for the protocol,
 * moved to a private file descriptor, and points {@link System#out} and file descriptor 1 at standard error, so neither
 * a stray print nor a write to {@code FileDescriptor.out} by a plugin (a native library's {@code printf} included),
 * nor the JVM's own output, can corrupt the stream. Called once per process, from its main thread.
 */
public final class StandardOutput {
    private static final int OUTPUT_BUFFER = 64 * 1024;
    /** The system property naming the descriptor {@code bin/jmcp} moved standard output to, for the protocol. */
    public static final String MOVED_DESCRIPTOR = "jmcp.protocol.descriptor";
    /**
     * The descriptor the protocol goes to once standard output is taken, when not 1: the launcher's, or the copy
     * {@link DescriptorOutputStream} made; -1 otherwise.
     */
    private static int protocolDescriptor = -1;
    /** What {@link #closeOnExecBeforeNativeCode} found, once it has run. */
    private static Boolean closedOnExec;

    private StandardOutput() {
    }

    /**
     * Prepares, on a thread of its own, what {@link #takeStandardOutput} will need, so that it overlaps other start-up
     * work (the parsing of a command line): the FFM calls that move standard output, unless the launcher moved it
     * already.
     */
    public static void prepare() {
        if (System.getProperty(MOVED_DESCRIPTOR) == null) DescriptorOutputStream.linkAhead();
    }

    /**
     * Makes the descriptor the protocol goes to close-on-exec, before native code is loaded into this process: a
     * program that native code starts ({@code system()}, a {@code fork} and {@code exec}) would otherwise get the
     * client's pipe, could write into the protocol, and would keep the pipe open after this process has ended. (The
     * JDK's {@code ProcessBuilder} closes every descriptor above 2 in a child itself.) Not done when standard output is
     * taken: linking {@code fcntl} costs 30-100 ms of CPU at start-up, where a process that loads no native library
     * (all but the user's choice of {@code "isolation": "in-process"}) gains nothing by it. Once per process; does
     * nothing before {@link #takeStandardOutput} or where the protocol stayed on descriptor 1.
     *
     * @return false when the descriptor could not be made close-on-exec (it is then inheritable, as before)
     */
    public static synchronized boolean closeOnExecBeforeNativeCode() {
        if (protocolDescriptor < 0) return true;
        if (closedOnExec == null) closedOnExec = DescriptorOutputStream.closeOnExec(protocolDescriptor);
        return closedOnExec;
    }

    /**
     * The protocol's own stream, buffered, after {@link System#out} is pointed at standard error. Where the launcher
     * ({@code bin/jmcp}) moved standard output before the JVM started, it named the descriptor in
     * {@value #MOVED_DESCRIPTOR}; otherwise {@link DescriptorOutputStream} makes the move now. Where neither can be done
     * (Windows, or a system call failing), the plain standard output, with a warning: code writing to
     * {@code FileDescriptor.out} then reaches the client. Call before any plugin code runs; {@code log} is only used
     * once descriptor 1 is standard error or cannot be made so.
     *
     * @throws IOException when the launcher's descriptor cannot be opened (descriptor 1 is then standard error already)
     */
    public static OutputStream takeStandardOutput(Logger log) throws IOException {
        System.setOut(System.err);
        return new BufferedOutputStream(protocolStream(log), OUTPUT_BUFFER);
    }

    private static OutputStream protocolStream(Logger log) throws IOException {
        String moved = System.getProperty(MOVED_DESCRIPTOR);
        if (moved != null) {
            FileDescriptor descriptor = movedDescriptor(moved);
            log.debug("The protocol goes to descriptor {}, where bin/jmcp moved standard output", moved);
            taken(Integer.parseInt(moved));
            return new FileOutputStream(descriptor);
        }
        if (DescriptorOutputStream.supported()) {
            try {
                DescriptorOutputStream stream = DescriptorOutputStream.takeStandardOutput();
                taken(stream.descriptor());
                return stream;
            } catch (IOException | RuntimeException e) {
                log.warn("Cannot move the protocol off file descriptor 1 ({}); plugin code writing to "
                        + "FileDescriptor.out would reach the client", e.toString());
            }
        } else {
            log.warn("On this system the protocol stays on file descriptor 1: plugin code writing to "
                    + "FileDescriptor.out would reach the client");
        }
        return new FileOutputStream(FileDescriptor.out);
    }

    private static synchronized void taken(int descriptor) {
        protocolDescriptor = descriptor;
        closedOnExec = null;
    }

    /**
     * The descriptor the launcher moved standard output to. Java has no public way to name a descriptor by its number,
     * so this takes {@link FileDescriptor}'s private constructor, which the launcher opens to jmcp
     * ({@code --add-opens java.base/java.io=ALL-UNNAMED}).
     */
    static FileDescriptor movedDescriptor(String number) throws IOException {
        int descriptor;
        try {
            descriptor = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            descriptor = -1;
        }
        if (descriptor <= 2) {
            throw new IOException(MOVED_DESCRIPTOR + " must name a descriptor above 2, was '" + number + "'");
        }
        try {
            // A method handle, not Constructor.newInstance: its first use costs about 1 ms against 4-8 (start-up).
            MethodHandle constructor = MethodHandles.privateLookupIn(FileDescriptor.class, MethodHandles.lookup())
                    .findConstructor(FileDescriptor.class, MethodType.methodType(void.class, int.class));
            return (FileDescriptor) constructor.invokeExact(descriptor);
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException("cannot write the protocol to descriptor " + descriptor + " (" + e
                    + "); start jmcp with bin/jmcp, or without " + MOVED_DESCRIPTOR, e);
        }
    }
}

package dev.jmcp.server.stdio;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.LockSupport;

/**
 * The process's real standard output, moved to a private file descriptor that no Java object names. At
 * {@link #takeStandardOutput()}, descriptor 1 is duplicated to a fresh descriptor and then made a copy of descriptor 2:
 * from then on {@code System.out}, {@code new FileOutputStream(FileDescriptor.out)} and the JVM's own output (a
 * {@code kill -QUIT} thread dump) all go to standard error, and only this stream writes to the client. Uses POSIX
 * {@code dup}, {@code dup2} and {@code write} through the FFM API (Linux, macOS and other POSIX systems), and
 * {@code fcntl} for {@link #closeOnExec}.
 *
 * <p>Each write runs on one platform thread of the stream's own: a native call blocked on a slow reader would
 * otherwise hold the carrier of the virtual thread that made it. Thread-safe for one writer at a time (the
 * connection's lock provides that); not buffered (wrap it). {@link #close} closes the descriptor.
 */
final class DescriptorOutputStream extends OutputStream {
    private static final int CHUNK = 64 * 1024;
    private static final int EINTR = 4;
    /** EAGAIN on Linux and on macOS/BSD. */
    private static final int EAGAIN_LINUX = 11;
    private static final int EAGAIN_BSD = 35;
    /** {@code fcntl}'s command that sets a descriptor's flags, and its one flag: the same on Linux, macOS and BSD. */
    private static final int F_SETFD = 2;
    private static final int FD_CLOEXEC = 1;

    /**
     * The FFM parts, in a class of their own: made on first use, which {@link #linkAhead} makes on its thread, not
     * while this class is loaded on the main thread (about 8 ms of a start).
     */
    private static final class Ffm {
        static final Linker LINKER = Linker.nativeLinker();
        static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    }

    private final int descriptor;
    private final MethodHandle write;
    private final MethodHandle close;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("jmcp-stdout-writer").factory());
    /** Native memory of the writer thread: one chunk to copy into, and the errno of the last call. */
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buffer = arena.allocate(CHUNK);
    private final MemorySegment callState = arena.allocate(Ffm.CALL_STATE);

    private DescriptorOutputStream(int descriptor, MethodHandle write, MethodHandle close) {
        this.descriptor = descriptor;
        this.write = write;
        this.close = close;
    }

    /** True where {@link #takeStandardOutput()} works: POSIX systems. */
    static boolean supported() {
        return !System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /**
     * Moves standard output to a private descriptor, points descriptor 1 at standard error, and returns a stream over
     * the private one. Called once, before any thread other than the caller may write to descriptor 1.
     *
     * @throws IOException when a system call fails; descriptor 1 is then as it was
     */
    static DescriptorOutputStream takeStandardOutput() throws IOException {
        Natives natives = natives();
        MethodHandle dup = natives.dup();
        MethodHandle dup2 = natives.dup2();
        MethodHandle write = natives.write();
        MethodHandle close = natives.close();
        try {
            System.out.flush();
            int protocol = (int) dup.invokeExact(1);
            if (protocol < 0) throw new IOException("dup(1) failed");
            if ((int) dup2.invokeExact(2, 1) < 0) {
                int ignored = (int) close.invokeExact(protocol);
                throw new IOException("dup2(2, 1) failed");
            }
            return new DescriptorOutputStream(protocol, write, close);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
    }

    /**
     * Starts linking the native functions on a thread of their own, for a later {@link #takeStandardOutput()}: the
     * JDK spins their method handles on first use, tens of milliseconds that can overlap the parsing of the command
     * line instead of following it. Does nothing where the stream is not {@link #supported()}.
     */
    static void linkAhead() {
        if (!supported() || linking != null) return;
        linking = CompletableFuture.supplyAsync(Natives::link,
                task -> Thread.ofPlatform().daemon().name("jmcp-stdout-link").start(task));
    }

    private static volatile CompletableFuture<Natives> linking;

    /** The descriptor this stream writes to. */
    int descriptor() {
        return descriptor;
    }

    /** Makes {@code descriptor} close-on-exec ({@code fcntl}); false where it could not be done. */
    static boolean closeOnExec(int descriptor) {
        if (!supported()) return false;
        try {
            return (int) linkFcntl().invokeExact(descriptor, F_SETFD, FD_CLOEXEC) == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    /** {@code fcntl(int, int, ...)} with one {@code int} argument after the command. */
    private static MethodHandle linkFcntl() {
        return Ffm.LINKER.downcallHandle(Ffm.LINKER.defaultLookup().find("fcntl").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT), Linker.Option.firstVariadicArg(2));
    }

    /** {@code dup}, {@code dup2}, {@code write} (capturing errno) and {@code close} of the C library. */
    private record Natives(MethodHandle dup, MethodHandle dup2, MethodHandle write, MethodHandle close) {
        static Natives link() {
            var lookup = Ffm.LINKER.defaultLookup();
            return new Natives(
                    Ffm.LINKER.downcallHandle(lookup.find("dup").orElseThrow(),
                            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT)),
                    Ffm.LINKER.downcallHandle(lookup.find("dup2").orElseThrow(),
                            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT)),
                    Ffm.LINKER.downcallHandle(lookup.find("write").orElseThrow(),
                            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                                    ValueLayout.JAVA_LONG), Linker.Option.captureCallState("errno")),
                    Ffm.LINKER.downcallHandle(lookup.find("close").orElseThrow(),
                            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT)));
        }
    }

    /** The natives {@link #linkAhead} linked (waiting for it), or linked now when it was not called. */
    private static Natives natives() throws IOException {
        CompletableFuture<Natives> task = linking;
        if (task == null) return Natives.link();
        try {
            return task.join(); // waits on through an interruption, and keeps the thread's interrupt status
        } catch (CompletionException e) {
            throw new IOException("cannot link the C library's dup, dup2, write and close", e.getCause());
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[]{(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        run(() -> {
            for (int done = 0; done < length; ) {
                int chunk = Math.min(CHUNK, length - done);
                MemorySegment.copy(bytes, offset + done, buffer, ValueLayout.JAVA_BYTE, 0, chunk);
                for (int sent = 0; sent < chunk; ) {
                    long n = (long) write.invokeExact(callState, descriptor, buffer.asSlice(sent), (long) (chunk - sent));
                    if (n >= 0) {
                        sent += (int) n;
                    } else {
                        int errno = (int) Ffm.ERRNO.get(callState, 0L);
                        if (errno == EINTR) continue;
                        // EAGAIN: a reader left the descriptor non-blocking; wait a moment and try again.
                        if (errno == EAGAIN_LINUX || errno == EAGAIN_BSD) {
                            LockSupport.parkNanos(1_000_000);
                            continue;
                        }
                        throw new IOException("write to standard output failed (errno " + errno + ")");
                    }
                }
                done += chunk;
            }
            return null;
        });
    }

    @Override
    public void close() throws IOException {
        try {
            run(() -> (int) close.invokeExact(descriptor));
        } finally {
            writer.shutdown();
            arena.close();
        }
    }

    private interface NativeCall {
        Object call() throws Throwable;
    }

    /** Runs {@code call} on the writer thread and waits for it, also when interrupted, so no message is cut. */
    private void run(NativeCall call) throws IOException {
        CompletableFuture<Object> done;
        try {
            done = CompletableFuture.supplyAsync(() -> {
                try {
                    return call.call();
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new CompletionException(e);
                }
            }, writer);
        } catch (RejectedExecutionException e) {
            throw new IOException("standard output is closed");
        }
        try {
            done.join(); // waits on through an interruption, and keeps the thread's interrupt status
        } catch (CompletionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            throw new IOException(e.getCause());
        }
    }
}

package dev.jmcp.server.nativeabi;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
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
import java.util.concurrent.locks.LockSupport;

/**
 * The JVM host's frames, out of the library's reach, set up as the native host program sets up its own
 * ({@code hide} in {@code jmcp-native-host.c}): standard input and standard output move to private descriptors above 2,
 * closed on exec, then descriptor 0 is pointed at {@code /dev/null} and descriptor 1 at standard error. A library that
 * reads standard input meets its end instead of taking the bytes of the next frame, and what it writes to standard
 * output ({@code printf}, {@code write(1, ...)}, and {@link System#out}) reaches standard error, which the parent logs,
 * instead of breaking a frame. POSIX {@code fcntl}, {@code open}, {@code dup2}, {@code close}, {@code read} and
 * {@code write} through the FFM API, so no Java object names the private descriptors and nothing depends on
 * {@code /proc} or {@code /dev/fd}.
 *
 * <p>Made once by {@link NativeHostMain}, before the library is loaded, and never closed: the descriptors end with the
 * process. {@link #input()} is read by one thread at a time, {@link #output()} written by one at a time (each is
 * synchronized); neither is buffered. A failed read or write throws {@link IOException}.
 */
record ProtocolDescriptors(InputStream input, OutputStream output) {
    private static final int CHUNK = 64 * 1024;
    /** POSIX's values, the same on Linux, macOS and the BSDs. */
    private static final int F_DUPFD = 0, F_SETFD = 2, FD_CLOEXEC = 1, O_RDONLY = 0, EINTR = 4;
    /** EAGAIN on Linux and on macOS/BSD: a reader or writer left the pipe non-blocking. */
    private static final int EAGAIN_LINUX = 11, EAGAIN_BSD = 35;
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    /**
     * Moves the protocol off descriptors 0 and 1 and points {@link System#out} at standard error. Where that cannot be
     * done (Windows), the frames stay on descriptors 0 and 1, said on {@code warnings}: a library reading standard
     * input or writing to its descriptor 1 then corrupts them.
     *
     * @throws IOException when a system call fails (the host cannot then keep the library off its frames)
     */
    static ProtocolDescriptors take(PrintStream warnings) throws IOException {
        System.out.flush();
        System.setOut(System.err);
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
            warnings.println("jmcp native host: on this system the frames stay on standard input and output");
            return new ProtocolDescriptors(new FileInputStream(FileDescriptor.in),
                    new FileOutputStream(FileDescriptor.out));
        }
        try {
            var c = Natives.link();
            int nothing;
            try (Arena arena = Arena.ofConfined()) {
                nothing = (int) c.open().invokeExact(arena.allocateFrom("/dev/null"), O_RDONLY);
            }
            if (nothing < 0) throw new IOException("cannot open /dev/null");
            int input = hide(c, 0, nothing);
            int output = hide(c, 1, 2);
            int ignored = (int) c.close().invokeExact(nothing);
            return new ProtocolDescriptors(new DescriptorInput(c, input), new DescriptorOutput(c, output));
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
    }

    /** Copies {@code descriptor} above 2, close-on-exec, and points {@code descriptor} at {@code replacement}. */
    private static int hide(Natives c, int descriptor, int replacement) throws Throwable {
        int moved = (int) c.fcntl().invokeExact(descriptor, F_DUPFD, 3);
        if (moved < 0) throw new IOException("cannot copy descriptor " + descriptor);
        if ((int) c.fcntl().invokeExact(moved, F_SETFD, FD_CLOEXEC) < 0
                || (int) c.dup2().invokeExact(replacement, descriptor) < 0) {
            throw new IOException("cannot move descriptor " + descriptor + " out of the library's reach");
        }
        return moved;
    }

    /** True when a call that failed with {@code errno} is to be made again (after a moment, for EAGAIN). */
    private static boolean again(int errno) {
        if (errno == EAGAIN_LINUX || errno == EAGAIN_BSD) LockSupport.parkNanos(1_000_000);
        return errno == EINTR || errno == EAGAIN_LINUX || errno == EAGAIN_BSD;
    }

    /** The C library's functions, {@code read} and {@code write} capturing errno. */
    private record Natives(MethodHandle fcntl, MethodHandle open, MethodHandle dup2, MethodHandle close,
                           MethodHandle read, MethodHandle write) {
        static Natives link() {
            Linker linker = Linker.nativeLinker();
            var c = linker.defaultLookup();
            var io = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG);
            return new Natives(
                    // int fcntl(int, int, ...) and int open(const char*, int, ...) are variadic.
                    linker.downcallHandle(c.find("fcntl").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                            Linker.Option.firstVariadicArg(2)),
                    linker.downcallHandle(c.find("open").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.ADDRESS, ValueLayout.JAVA_INT), Linker.Option.firstVariadicArg(2)),
                    linker.downcallHandle(c.find("dup2").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT)),
                    linker.downcallHandle(c.find("close").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT)),
                    linker.downcallHandle(c.find("read").orElseThrow(), io, Linker.Option.captureCallState("errno")),
                    linker.downcallHandle(c.find("write").orElseThrow(), io, Linker.Option.captureCallState("errno")));
        }
    }

    /** The protocol's input: {@code read} on the private descriptor; -1 at its end. */
    private static final class DescriptorInput extends InputStream {
        private final Natives c;
        private final int descriptor;
        private final MemorySegment buffer = Arena.ofAuto().allocate(CHUNK);
        private final MemorySegment state = Arena.ofAuto().allocate(CALL_STATE);

        DescriptorInput(Natives c, int descriptor) {
            this.c = c;
            this.descriptor = descriptor;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public synchronized int read(byte[] bytes, int offset, int length) throws IOException {
            Objects.checkFromIndexSize(offset, length, bytes.length);
            if (length == 0) return 0;
            try {
                while (true) {
                    long n = (long) c.read().invokeExact(state, descriptor, buffer, (long) Math.min(length, CHUNK));
                    if (n == 0) return -1;
                    if (n > 0) {
                        MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, bytes, offset, (int) n);
                        return (int) n;
                    }
                    int errno = (int) ERRNO.get(state, 0L);
                    if (!again(errno)) throw new IOException("reading the frames failed (errno " + errno + ")");
                }
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IOException(e);
            }
        }
    }

    /** The protocol's output: {@code write} on the private descriptor until all is written. */
    private static final class DescriptorOutput extends OutputStream {
        private final Natives c;
        private final int descriptor;
        private final MemorySegment buffer = Arena.ofAuto().allocate(CHUNK);
        private final MemorySegment state = Arena.ofAuto().allocate(CALL_STATE);

        DescriptorOutput(Natives c, int descriptor) {
            this.c = c;
            this.descriptor = descriptor;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
            Objects.checkFromIndexSize(offset, length, bytes.length);
            try {
                for (int done = 0; done < length; ) {
                    int chunk = Math.min(CHUNK, length - done);
                    MemorySegment.copy(bytes, offset + done, buffer, ValueLayout.JAVA_BYTE, 0, chunk);
                    for (int sent = 0; sent < chunk; ) {
                        long n = (long) c.write().invokeExact(state, descriptor, buffer.asSlice(sent),
                                (long) (chunk - sent));
                        if (n >= 0) {
                            sent += (int) n;
                        } else {
                            int errno = (int) ERRNO.get(state, 0L);
                            if (!again(errno)) throw new IOException("writing a frame failed (errno " + errno + ")");
                        }
                    }
                    done += chunk;
                }
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IOException(e);
            }
        }
    }
}

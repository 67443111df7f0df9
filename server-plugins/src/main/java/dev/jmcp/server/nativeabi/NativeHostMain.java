package dev.jmcp.server.nativeabi;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * The native host program's stand-in where it was not built (no C compiler): a child JVM that serves ONE native
 * library to jmcp with the same command line, frames and exit codes as {@code jmcp-native-host}
 * ({@code server-plugins/src/main/c/jmcp-native-host.c}), so the parent has one way to talk to either
 * ({@link NativeChild}): {@code java ... dev.jmcp.server.nativeabi.NativeHostMain [--memory-mb=N] [--reentrant] LIBRARY}.
 * It is an adaptor, not an MCP server: it loads no engine, method table or transport, binds the library with the FFM
 * API ({@link NativeLibrary}) and passes each request's text to {@code HandleRequest} unparsed, on a platform thread
 * with a native-sized stack ({@link NativeThreads}); one call at a time unless {@code --reentrant}.
 *
 * <p>Frames: 'H' hello after {@code Initialize} with the declarations, 'E' and exit 2 when the library is not a usable
 * plugin, 'R' or 'N' per call id, 'M' notifications with the id of the call running on the sending thread (0 from a
 * thread of the library's own). End of input: {@code Shutdown}, {@code DestroyPlugin}, exit 0. As in the C host,
 * the frames move off descriptors 0 and 1 before the library is loaded ({@link ProtocolDescriptors}): the library's
 * standard input is {@code /dev/null}, so it cannot take a frame's bytes, and its prints reach standard error, which
 * the parent logs, never the frames.
 *
 * <p>{@code --memory-mb=N} caps the address space (RLIMIT_AS) as the C host does, but at what the JVM has reserved
 * when the library is about to be loaded plus N MiB (a JVM reserves far more than it uses, so N alone would stop it
 * starting): a leaking library fails its allocation and ends this process. Exit codes: 0 when standard input ends,
 * 2 when the library is not usable or the command line is wrong, 1 when the frames cannot be moved off descriptors 0
 * and 1.
 */
public final class NativeHostMain {
    private static final int HEADER = 12;
    private static final int MAX_REQUEST = 256 << 20;
    /** Linux's resource numbers of the core file and address space limits, glibc's {@code mallopt} arena count. */
    private static final int RLIMIT_CORE = 4, RLIMIT_AS = 9, M_ARENA_MAX = -8;

    private NativeHostMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        PrintStream stderr = System.err;
        boolean reentrant = false;
        long memoryMiB = 0;
        Path file = null;
        for (String arg : args) {
            if (arg.equals("--reentrant")) {
                reentrant = true;
            } else if (arg.startsWith("--memory-mb=")) {
                memoryMiB = Long.parseLong(arg.substring("--memory-mb=".length()));
            } else if (file == null && !arg.startsWith("-")) {
                file = Path.of(arg);
            } else {
                stderr.println("jmcp native host: unknown argument " + arg);
                return 2;
            }
        }
        if (file == null) {
            stderr.println("usage: NativeHostMain [--memory-mb=N] [--reentrant] LIBRARY");
            return 2;
        }
        ProtocolDescriptors protocol;
        try {
            // Before the library is loaded: from here on its descriptor 0 is /dev/null and its descriptor 1 standard
            // error, so neither its reads nor its printf reach a frame.
            protocol = ProtocolDescriptors.take(stderr);
        } catch (IOException e) {
            stderr.println("jmcp native host: cannot move the frames off standard input and output: "
                    + e.getMessage());
            return 1;
        }
        var frames = new Frames(new BufferedOutputStream(protocol.output(), 64 * 1024));
        limit(memoryMiB);
        var threads = new NativeThreads(file.getFileName().toString(), reentrant, frames::note);
        NativeLibrary library;
        try {
            if (!Files.isRegularFile(file)) throw new NativeLoadException(file, "it is not a file");
            library = NativeLibrary.load(file, threads::route);
        } catch (NativeLoadException e) {
            frames.send('E', 0, e.reason().getBytes(StandardCharsets.UTF_8));
            return 2;
        }
        threads.bind(library);
        frames.send('H', 0, hello(library));
        serve(protocol.input(), frames, threads, reentrant);
        // As the C host: calls still running in a re-entrant library are not waited for.
        library.close();
        threads.shutdown();
        return 0;
    }

    /** Reads call frames until the protocol's input ends (or a frame is unreadable), each on a library thread. */
    private static void serve(InputStream input, Frames frames, NativeThreads threads, boolean reentrant) {
        try (InputStream in = new BufferedInputStream(input)) {
            byte[] header = new byte[HEADER];
            while (in.readNBytes(header, 0, HEADER) == HEADER) {
                var fields = ByteBuffer.wrap(header).order(ByteOrder.nativeOrder());
                int type = fields.getInt();
                int id = fields.getInt();
                int length = fields.getInt();
                if (length < 0 || length > MAX_REQUEST) return;
                byte[] request = in.readNBytes(length);
                if (request.length < length) return;
                if (type != 'C') continue;
                var ended = new CountDownLatch(1);
                threads.start(Integer.toUnsignedLong(id), request,
                        new NativeCalls.Sink() {
                            @Override
                            public void note(NativeNote note) {
                                frames.note(Integer.toUnsignedLong(id), note);
                            }

                            @Override
                            public void end(Optional<String> result, RuntimeException failure) {
                                if (failure != null) System.err.println("jmcp native host: " + failure.getMessage());
                                if (result.isPresent()) {
                                    frames.send('R', id, result.get().getBytes(StandardCharsets.UTF_8));
                                } else {
                                    frames.send('N', id, new byte[0]);
                                }
                                ended.countDown();
                            }
                        });
                // Not re-entrant: the next request is read once this one returned, as the C host runs it inline.
                if (!reentrant) ended.await();
            }
        } catch (IOException e) {
            System.err.println("jmcp native host: reading requests failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * As the C host: no core file (RLIMIT_CORE 0; the JVM's crash report still goes to standard error and the private
     * working folder) and, when {@code mebibytes} is positive, RLIMIT_AS at the address space reserved now plus that
     * much, with few malloc arenas (each reserves 64 MiB of address space, which the limit counts). Where they cannot
     * be set the library runs without them, said on standard error.
     */
    private static void limit(long mebibytes) {
        try {
            Linker linker = Linker.nativeLinker();
            SymbolLookup c = linker.defaultLookup();
            var setrlimit = linker.downcallHandle(c.find("setrlimit").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment limit = arena.allocate(ValueLayout.JAVA_LONG, 2);
                if ((int) setrlimit.invokeExact(RLIMIT_CORE, limit) != 0) throw new IOException("setrlimit failed");
                if (mebibytes <= 0) return;
                var mallopt = linker.downcallHandle(c.find("mallopt").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                int ignored = (int) mallopt.invokeExact(M_ARENA_MAX, 2);
                long cap = reservedBytes() + (mebibytes << 20);
                limit.setAtIndex(ValueLayout.JAVA_LONG, 0, cap);
                limit.setAtIndex(ValueLayout.JAVA_LONG, 1, cap);
                if ((int) setrlimit.invokeExact(RLIMIT_AS, limit) != 0) throw new IOException("setrlimit failed");
            }
        } catch (Throwable e) {
            System.err.println("jmcp native host: a resource limit cannot be set (" + e + "); the library runs without");
        }
    }

    /** The address space this process has reserved, from {@code /proc/self/status}. */
    private static long reservedBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmSize:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) << 10;
        }
        throw new IOException("no VmSize in /proc/self/status");
    }

    /** The hello payload: name, version, type, item count and each item's fields, each ended by NUL. */
    private static byte[] hello(NativeLibrary library) {
        var text = new StringBuilder();
        text.append(library.name()).append('\0').append(library.version()).append('\0')
                .append(library.kind().ordinal()).append('\0').append(library.items().size()).append('\0');
        for (NativeLibrary.Item item : library.items()) {
            text.append(item.name()).append('\0').append(item.description()).append('\0').append(item.third())
                    .append('\0');
            if (library.kind() == NativeLibrary.Kind.RESOURCES) text.append(item.fourth()).append('\0');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The protocol's output as frames: header (type, id, length in the machine's byte order) and payload, whole. */
    private record Frames(OutputStream out) {
        void note(long id, NativeNote note) {
            byte[] from = note.pluginName().getBytes(StandardCharsets.UTF_8);
            byte[] json = note.json().getBytes(StandardCharsets.UTF_8);
            byte[] payload = new byte[from.length + 1 + json.length];
            System.arraycopy(from, 0, payload, 0, from.length);
            System.arraycopy(json, 0, payload, from.length + 1, json.length);
            send('M', (int) id, payload);
        }

        void send(int type, int id, byte[] payload) {
            var header = ByteBuffer.allocate(HEADER).order(ByteOrder.nativeOrder());
            header.putInt(type).putInt(id).putInt(payload.length);
            try {
                synchronized (this) {
                    out.write(header.array());
                    out.write(payload);
                    out.flush();
                }
            } catch (IOException e) {
                // jmcp is gone: as the C host, end at once (nothing could read what follows).
                Runtime.getRuntime().halt(3);
            }
        }
    }
}

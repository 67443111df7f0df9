package dev.jmcp.server.nativeabi;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One shared library bound to the C ABI of {@code jmcp_plugin.h} through the Foreign Function &amp; Memory API: its
 * name, version, kind and declared items read once at {@link #load}, and {@link #handleRequest} to call it.
 *
 * <p>The library is loaded from a private copy (so replacing the original file never touches the mapped one, and a
 * reload under a new path runs the new code) with {@code SymbolLookup.libraryLookup}, that is {@code dlopen} with
 * {@code RTLD_LOCAL}: two libraries exporting the same C++ symbols keep their own. The {@code NotificationSystem} the
 * host owns is set before {@code Initialize} and lives, with its upcall, until {@link #close}.
 *
 * <p>Thread-safety: the library's own. {@link #handleRequest} may be called from several platform threads only if
 * the library is re-entrant; the caller ({@link NativePlugin}) serialises otherwise. {@link #close} must not overlap
 * a call. Owned and closed by whoever loaded it.
 */
final class NativeLibrary implements NativeBinding {
    private static final Logger LOG = LoggerFactory.getLogger(NativeLibrary.class);
    private static final Linker LINKER = Linker.nativeLinker();
    /** {@code PluginAPI}: 13 pointers. */
    private static final long TABLE_SIZE = 13 * ValueLayout.ADDRESS.byteSize();
    private static final long GET_NAME = 0, GET_VERSION = 8, GET_TYPE = 16, INITIALIZE = 24, HANDLE_REQUEST = 32,
            SHUTDOWN = 40, GET_TOOL_COUNT = 48, GET_TOOL = 56, GET_PROMPT_COUNT = 64, GET_PROMPT = 72,
            GET_RESOURCE_COUNT = 80, GET_RESOURCE = 88, NOTIFICATIONS = 96;
    /** No library declares more items than this; a larger count is a broken getter. */
    private static final int MAX_ITEMS = 10_000;
    private static final MethodHandle SEND_TO_CLIENT;

    static {
        try {
            SEND_TO_CLIENT = MethodHandles.lookup().findVirtual(NativeLibrary.class, "sendToClient",
                    MethodType.methodType(void.class, MemorySegment.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What a library serves; the ordinal is the C enum value. */
    public enum Kind { TOOLS, PROMPTS, RESOURCES }

    /** A declared item's fields as the library gave them (text, not yet parsed). */
    public record Item(String name, String description, String third, String fourth) {
    }

    private final Path original;
    private final Path copy;
    private final Arena arena;
    private final MemorySegment table;
    private final MethodHandle handleRequest;
    private final MethodHandle release;
    private final MethodHandle destroyPlugin;
    private final Consumer<NativeNote> notes;
    private String name = "";
    private String version = "";
    private Kind kind;
    private List<Item> items = List.of();
    private boolean initialized;
    private boolean closed;

    private NativeLibrary(Path original, Path copy, Arena arena, MemorySegment table, SymbolLookup symbols,
                          Consumer<NativeNote> notes) throws NativeLoadException {
        this.original = original;
        this.copy = copy;
        this.arena = arena;
        this.table = table;
        this.notes = notes;
        this.handleRequest = function(HANDLE_REQUEST, FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        this.release = releaseFunction(symbols);
        this.destroyPlugin = LINKER.downcallHandle(symbols.find("DestroyPlugin").orElseThrow(),
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }

    /**
     * Loads {@code file} from a private copy, creates and initializes the plugin and reads what it declares.
     * {@code notes} receives every notification the library sends, on the library's thread: it must only enqueue.
     * Throws with the reason when the file is not a usable plugin; nothing stays loaded then, except what the
     * dynamic loader itself refuses to unmap.
     */
    public static NativeLibrary load(Path file, Consumer<NativeNote> notes) throws NativeLoadException {
        Path copy = privateCopy(file);
        Arena arena = Arena.ofShared();
        NativeLibrary library = null;
        try {
            SymbolLookup symbols;
            try {
                symbols = SymbolLookup.libraryLookup(copy, arena);
            } catch (IllegalArgumentException e) {
                throw new NativeLoadException(file, "it cannot be loaded as a shared library: " + e.getMessage());
            }
            MemorySegment create = required(symbols, file, "CreatePlugin");
            required(symbols, file, "DestroyPlugin");
            MemorySegment table = (MemorySegment) LINKER.downcallHandle(create, FunctionDescriptor.of(ValueLayout.ADDRESS))
                    .invokeExact();
            if (table.equals(MemorySegment.NULL)) throw new NativeLoadException(file, "CreatePlugin returned NULL");
            library = new NativeLibrary(file, copy, arena, table.reinterpret(TABLE_SIZE), symbols, notes);
            library.start();
            return library;
        } catch (NativeLoadException e) {
            closeQuietly(library, arena, copy);
            throw e;
        } catch (Throwable e) {
            closeQuietly(library, arena, copy);
            throw new NativeLoadException(file, "binding it failed: " + e, e);
        }
    }

    private void start() throws Throwable {
        MemorySegment system = arena.allocate(ValueLayout.ADDRESS);
        MemorySegment upcall = LINKER.upcallStub(SEND_TO_CLIENT.bindTo(this),
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS), arena);
        system.set(ValueLayout.ADDRESS, 0, upcall);
        // Before Initialize: a library may send a notification from it, and a NULL system crashes some (NATIVE_ABI).
        table.set(ValueLayout.ADDRESS, NOTIFICATIONS, system);
        int ok = (int) function(INITIALIZE, FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
        if (ok == 0) throw new NativeLoadException(original, "Initialize() returned 0");
        initialized = true;
        name = text(function(GET_NAME, FunctionDescriptor.of(ValueLayout.ADDRESS)), "GetName()");
        if (name.isBlank()) throw new NativeLoadException(original, "GetName() returned an empty name");
        version = text(function(GET_VERSION, FunctionDescriptor.of(ValueLayout.ADDRESS)), "GetVersion()");
        int type = (int) function(GET_TYPE, FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
        if (type < 0 || type >= Kind.values().length) {
            throw new NativeLoadException(original, "GetType() returned " + type + ", not 0 (tools), 1 (prompts) or 2 (resources)");
        }
        kind = Kind.values()[type];
        items = switch (kind) {
            case TOOLS -> readItems(GET_TOOL_COUNT, GET_TOOL, 3, "GetTool");
            case PROMPTS -> readItems(GET_PROMPT_COUNT, GET_PROMPT, 3, "GetPrompt");
            case RESOURCES -> readItems(GET_RESOURCE_COUNT, GET_RESOURCE, 4, "GetResource");
        };
    }

    private List<Item> readItems(long countOffset, long getOffset, int fields, String getter) throws Throwable {
        int count = (int) function(countOffset, FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
        if (count < 0 || count > MAX_ITEMS) throw new NativeLoadException(original, getter + "Count() returned " + count);
        MethodHandle get = function(getOffset, FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        var read = new ArrayList<Item>(count);
        for (int i = 0; i < count; i++) {
            MemorySegment item = (MemorySegment) get.invokeExact(i);
            if (item.equals(MemorySegment.NULL)) throw new NativeLoadException(original, getter + "(" + i + ") returned NULL");
            item = item.reinterpret(fields * ValueLayout.ADDRESS.byteSize());
            var values = new String[4];
            for (int f = 0; f < fields; f++) {
                MemorySegment field = item.get(ValueLayout.ADDRESS, f * ValueLayout.ADDRESS.byteSize());
                if (field.equals(MemorySegment.NULL)) {
                    throw new NativeLoadException(original, getter + "(" + i + ") has a NULL field " + (f + 1));
                }
                values[f] = field.reinterpret(Long.MAX_VALUE).getString(0);
            }
            read.add(new Item(values[0], values[1], values[2], values[3]));
        }
        return List.copyOf(read);
    }

    /** The library's name, as {@code GetName()} gave it. */
    public String name() {
        return name;
    }

    public String version() {
        return version;
    }

    public Kind kind() {
        return kind;
    }

    /** The declared tools, prompts or resources (per {@link #kind}), in the library's order. */
    public List<Item> items() {
        return items;
    }

    /** The file the library was loaded from (not the private copy). */
    public Path file() {
        return original;
    }

    /**
     * Calls {@code HandleRequest} with {@code request} (the whole JSON-RPC request as UTF-8 text) and returns the
     * result text, copied; the library's result memory is released exactly once, with its own {@code delete[]}. Empty
     * when the library returned NULL. Call on a platform thread (a native call pins a virtual thread's carrier).
     */
    public Optional<String> handleRequest(byte[] request) {
        // Copied once, NUL-terminated, into memory of this call alone, freed when HandleRequest has returned.
        try (Arena call = Arena.ofConfined()) {
            MemorySegment text = call.allocate(request.length + 1L);
            MemorySegment.copy(request, 0, text, ValueLayout.JAVA_BYTE, 0, request.length);
            text.set(ValueLayout.JAVA_BYTE, request.length, (byte) 0);
            MemorySegment result = invoke(text);
            if (result.equals(MemorySegment.NULL)) return Optional.empty();
            try {
                return Optional.of(result.reinterpret(Long.MAX_VALUE).getString(0));
            } finally {
                releaseResult(result);
            }
        }
    }

    private MemorySegment invoke(MemorySegment request) {
        try {
            return (MemorySegment) handleRequest.invokeExact(request);
        } catch (Throwable e) {
            throw new IllegalStateException("HandleRequest of " + name + " failed: " + e, e);
        }
    }

    private void releaseResult(MemorySegment result) {
        if (release == null) return;
        try {
            release.invokeExact(result);
        } catch (Throwable e) {
            throw new IllegalStateException("releasing a result of " + name + " failed: " + e, e);
        }
    }

    /** {@code Shutdown()}, {@code DestroyPlugin(api)}, unload, delete the private copy. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        closeQuietly(this, arena, copy);
    }

    /** The upcall behind {@code NotificationSystem.SendToClient}: copies both strings and hands them on, never throws. */
    @SuppressWarnings("unused")
    private void sendToClient(MemorySegment pluginName, MemorySegment notification) {
        try {
            if (notification.equals(MemorySegment.NULL)) return;
            String from = pluginName.equals(MemorySegment.NULL) ? name : pluginName.reinterpret(Long.MAX_VALUE).getString(0);
            notes.accept(new NativeNote(from, notification.reinterpret(Long.MAX_VALUE).getString(0)));
        } catch (Throwable e) {
            // An exception escaping an upcall ends the JVM; a lost notification is the lesser harm.
            try {
                LOG.warn("A notification of native plugin {} was dropped: {}", name, e.toString());
            } catch (Throwable ignored) {
                // nothing may leave this method
            }
        }
    }

    private MethodHandle function(long offset, FunctionDescriptor descriptor) throws NativeLoadException {
        MemorySegment pointer = table.get(ValueLayout.ADDRESS, offset);
        if (pointer.equals(MemorySegment.NULL)) {
            throw new NativeLoadException(original, "its function table has NULL at offset " + offset);
        }
        return LINKER.downcallHandle(pointer, descriptor);
    }

    private String text(MethodHandle getter, String what) throws Throwable {
        MemorySegment text = (MemorySegment) getter.invokeExact();
        if (text.equals(MemorySegment.NULL)) throw new NativeLoadException(original, what + " returned NULL");
        return text.reinterpret(Long.MAX_VALUE).getString(0);
    }

    /**
     * The library's own C++ {@code operator delete[]} ({@code _ZdaPv}), found through its own lookup (itself, then
     * the libraries it depends on), so that the C++ runtime that allocated a result releases it. Fallback when the
     * library links none: the C library's {@code free()}, which glibc's {@code operator new[]} is built on (a
     * mismatched release that works on Linux; NATIVE_ABI.md). Null when neither exists: results are then leaked.
     */
    private MethodHandle releaseFunction(SymbolLookup symbols) {
        var descriptor = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS);
        Optional<MemorySegment> delete = symbols.find("_ZdaPv");
        if (delete.isPresent()) return LINKER.downcallHandle(delete.get(), descriptor);
        Optional<MemorySegment> free = LINKER.defaultLookup().find("free");
        LOG.warn("Native plugin {} exports no operator delete[] (_ZdaPv); its results are released with {}",
                original.getFileName(), free.isPresent() ? "free()" : "nothing (leaked)");
        return free.map(f -> LINKER.downcallHandle(f, descriptor)).orElse(null);
    }

    private static MemorySegment required(SymbolLookup symbols, Path file, String symbol) throws NativeLoadException {
        return symbols.find(symbol).orElseThrow(() -> new NativeLoadException(file,
                "it exports no " + symbol + "; a native plugin exports CreatePlugin and DestroyPlugin"));
    }

    private static Path privateCopy(Path file) throws NativeLoadException {
        try {
            Path folder = Files.createTempDirectory("jmcp-native-");
            return Files.copy(file, folder.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        } catch (IOException e) {
            throw new NativeLoadException(file, "it cannot be copied: " + e);
        }
    }

    private static void closeQuietly(NativeLibrary library, Arena arena, Path copy) {
        if (library != null && library.initialized) {
            try {
                library.function(SHUTDOWN, FunctionDescriptor.ofVoid()).invokeExact();
            } catch (Throwable e) {
                LOG.warn("Shutdown() of native plugin {} failed: {}", library.original.getFileName(), e.toString());
            }
        }
        if (library != null) destroy(library);
        try {
            arena.close();
        } catch (RuntimeException e) {
            LOG.warn("Unloading {} failed: {}", copy, e.toString());
        }
        try {
            Files.deleteIfExists(copy);
            Files.deleteIfExists(copy.getParent());
        } catch (IOException e) {
            LOG.warn("The private copy {} could not be deleted: {}", copy, e.toString());
        }
    }

    private static void destroy(NativeLibrary library) {
        try {
            library.destroyPlugin.invokeExact(library.table);
        } catch (Throwable e) {
            LOG.warn("DestroyPlugin of {} failed: {}", library.original.getFileName(), e.toString());
        }
    }
}

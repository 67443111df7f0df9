package dev.jmcp.server.nativeabi;

import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.ClientRequests;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Lease;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.registry.ResourceEntry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.schema.JsonSchemas;
import dev.jmcp.server.stdio.StandardOutput;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A native library, in this process ({@link #load}) or in a child process of the native host program ({@link #spawn}),
 * as a registry {@link Contribution}: its tools (with their input schemas, so arguments are validated before native
 * code sees them), its prompts (every one reachable by name) or its resources.
 *
 * <p>It is the {@link Owner} of its entries, as a lease: {@link #retire} stops new calls, and the library is closed
 * (in process: {@code Shutdown}, {@code DestroyPlugin}, unload, private copy deleted; in a child: the child ends) once
 * no call is inside it and no native call is still running. Thread-safe.
 *
 * <p>Failures: a library that cannot be bound, fails {@code Initialize}, declares an item with invalid JSON or a
 * schema jmcp cannot use is refused at {@link #load} or {@link #spawn} with the reason. At call time a NULL or
 * non-JSON result, or a result of the wrong shape, is a tool result with {@code isError: true} (tools) or an internal
 * error (prompts, resources) naming the plugin; the tool's own {@code isError: true} is kept. A crash of the library
 * (abort, segfault, an escaping C++ exception, {@code exit()}) ends this process in process; in a child it ends the
 * child, and the calls in it fail with one short sentence.
 */
public final class NativePlugin implements Owner {
    private static final JsonCodec CODEC = JsonCodec.shared();

    private final NativeCalls calls;
    private final NativeBinding library;
    private final String name;
    private final String prefix;
    /** The platform threads of a library in this process; null in a child. */
    private final NativeThreads threads;
    private final Contribution contribution;
    private final Lease lease;
    private final AtomicBoolean closingStarted = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);

    private NativePlugin(NativeCalls calls, NativeBinding library, String name, String prefix, NativeThreads threads)
            throws NativeLoadException {
        this.calls = calls;
        this.library = library;
        this.name = name;
        this.lease = new Lease(name);
        this.prefix = prefix;
        this.threads = threads;
        this.contribution = declare();
    }

    /**
     * Loads {@code file} (from a private copy) into this process and reads what it declares. Throws with the reason,
     * for the log, when it is not a usable plugin. First makes the protocol's standard output close-on-exec (over
     * stdio, where {@code bin/jmcp} moved it), so that a program the library starts does not get the client's pipe.
     */
    public static NativePlugin load(Path file, NativeOptions options) throws NativeLoadException {
        StandardOutput.closeOnExecBeforeNativeCode();
        var holder = new NativePlugin[1];
        var calls = new NativeCalls(file.getFileName().toString(), options, () -> {
            if (holder[0] != null) holder[0].closeIfDone();
        });
        var threads = new NativeThreads(file.getFileName().toString(), options.reentrant(), calls::route);
        calls.bind(threads);
        NativeLibrary library;
        try {
            library = NativeLibrary.load(file, threads::route);
        } catch (NativeLoadException e) {
            threads.shutdown();
            throw e;
        }
        threads.bind(library);
        try {
            holder[0] = new NativePlugin(calls, library, null, options.prefix(), threads);
            return holder[0];
        } catch (NativeLoadException | RuntimeException e) {
            library.close();
            threads.shutdown();
            throw e;
        }
    }

    /**
     * Serves {@code file} from a child process started with the {@code host} command (the native host program or the
     * child JVM that stands in for it, see {@link NativeHost#command()}), as plugin {@code pluginName}, and reads what
     * it declares. Throws with the reason when it is not a usable
     * plugin, or ({@link NativeLoadException#notReady()}) when its process was not ready within the start-up timeout.
     */
    public static NativePlugin spawn(Path file, String pluginName, NativeOptions options, List<String> host)
            throws NativeLoadException {
        var holder = new NativePlugin[1];
        var calls = new NativeCalls(pluginName, options, () -> {
            if (holder[0] != null) holder[0].closeIfDone();
        });
        NativeChild child = NativeChild.start(pluginName, host, file, options, calls::route);
        calls.bind(child);
        try {
            holder[0] = new NativePlugin(calls, child, pluginName, options.prefix(), null);
            return holder[0];
        } catch (NativeLoadException | RuntimeException e) {
            child.close();
            throw e;
        }
    }

    /** What the library declares, owned by this plugin. */
    public Contribution contribution() {
        return contribution;
    }

    /** The plugin's name: the one it was spawned under, else the library's own ({@code GetName()}). */
    @Override
    public String name() {
        return name != null ? name : library.name();
    }

    /** The C ABI declares no description: the library's file name says what little is known. */
    @Override
    public String description() {
        return "native library " + library.file().getFileName();
    }

    /** The file it was loaded from. */
    public Path file() {
        return library.file();
    }

    @Override
    public boolean enter() {
        return lease.enter();
    }

    @Override
    public void exit() {
        lease.exit();
        closeIfDone();
    }

    /** No new call may enter; the library is closed once no call is inside it. Idempotent. */
    public void retire() {
        lease.retire();
        closeIfDone();
    }

    /** Waits up to {@code timeout} for the library to be closed after {@link #retire}; true if it is. */
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return closed.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The process id of the child serving the library, or -1 in process or while none runs (for tests). */
    long childPid() {
        return library instanceof NativeChild child ? child.pid() : -1;
    }

    /** How many platform threads were started for native calls in this process, 0 in a child (for tests). */
    int nativeThreadsStarted() {
        return threads == null ? 0 : threads.started();
    }

    /** True while a native call is running (for tests). */
    boolean nativeCallRunning() {
        return !calls.idle();
    }

    private void closeIfDone() {
        if (!lease.idle() || !calls.idle() || !closingStarted.compareAndSet(false, true)) return;
        try {
            library.close();
        } finally {
            if (threads != null) threads.shutdown();
            closed.countDown();
        }
    }

    private Contribution declare() throws NativeLoadException {
        var tools = new ArrayList<ToolEntry>();
        var prompts = new ArrayList<PromptEntry>();
        var resources = new ArrayList<ResourceEntry>();
        var seen = new HashSet<String>();
        for (NativeLibrary.Item item : library.items()) {
            String key = library.kind() == NativeLibrary.Kind.RESOURCES ? item.third() : item.name();
            if (!seen.add(key)) throw refused("it declares '" + key + "' twice");
            switch (library.kind()) {
                case TOOLS -> tools.add(tool(item));
                case PROMPTS -> prompts.add(prompt(item));
                case RESOURCES -> resources.add(new ResourceEntry(
                        new Resource(item.third(), item.name(), item.description(), item.fourth()),
                        (uri, context) -> read(uri, context), this));
            }
        }
        return new Contribution(this, tools, prompts, resources, List.of(), List.of(), List.of());
    }

    @SuppressWarnings("unchecked")
    private ToolEntry tool(NativeLibrary.Item item) throws NativeLoadException {
        Object schema = parse(item.third(), "tool '" + item.name() + "' has an inputSchema that");
        if (!(schema instanceof Map<?, ?>)) throw refused("tool '" + item.name() + "' has an inputSchema that is not a JSON object");
        ArgumentsValidator validator;
        try {
            validator = JsonSchemas.validator((Map<String, Object>) schema);
        } catch (RuntimeException e) {
            throw refused("tool '" + item.name() + "' has an unusable input schema: " + e.getMessage());
        }
        String toolName = item.name();
        return new ToolEntry(new Tool(prefix + toolName, item.description(), (Map<String, Object>) schema),
                (arguments, context) -> callTool(toolName, arguments, context), validator, this);
    }

    private PromptEntry prompt(NativeLibrary.Item item) throws NativeLoadException {
        String where = "prompt '" + item.name() + "' has arguments that";
        if (!(parse(item.third(), where) instanceof List<?> declared)) throw refused(where + " are not a JSON array");
        var arguments = new ArrayList<PromptArgument>();
        for (Object argument : declared) {
            if (!(argument instanceof Map<?, ?> a) || !(a.get("name") instanceof String argumentName)) {
                throw refused(where + " are not objects with a name");
            }
            arguments.add(new PromptArgument(argumentName, a.get("description") instanceof String d ? d : null,
                    Boolean.TRUE.equals(a.get("required"))));
        }
        String promptName = item.name();
        return new PromptEntry(new Prompt(prefix + promptName, item.description(), arguments),
                (given, context) -> getPrompt(promptName, given, context), this);
    }

    private CallToolResult callTool(String tool, Map<String, Object> arguments, RequestContext context) throws Exception {
        var params = new LinkedHashMap<String, Object>();
        params.put("name", tool);
        params.put("arguments", arguments);
        Optional<String> text;
        try {
            text = call(ClientRequests.TOOLS_CALL, params, context);
        } catch (IllegalStateException e) {
            // A crash, a restart or a full queue: one short sentence, an error result for a tool.
            throw new ToolException(e.getMessage());
        }
        if (text.isEmpty()) throw new ToolException(failure("returned no result (NULL) for tool '" + tool + "'"));
        try {
            return CODEC.read(text.get(), CallToolResult.class);
        } catch (RuntimeException e) {
            throw new ToolException(failure("returned an unusable result for tool '" + tool + "': " + e.getMessage()));
        }
    }

    private GetPromptResult getPrompt(String prompt, Map<String, String> arguments, RequestContext context) throws Exception {
        var params = new LinkedHashMap<String, Object>();
        params.put("name", prompt);
        params.put("arguments", arguments);
        return result(call(ClientRequests.PROMPTS_GET, params, context), GetPromptResult.class,
                "prompt '" + prompt + "'");
    }

    private ReadResourceResult read(String uri, RequestContext context) throws Exception {
        return result(call(ClientRequests.RESOURCES_READ, Map.of("uri", uri), context), ReadResourceResult.class,
                "resource " + uri);
    }

    /**
     * Sends the library a request as its client; a crash, a restart or a full queue is an
     * {@link IllegalStateException} with one short sentence, which a tool call makes its error result.
     */
    private Optional<String> call(String method, Map<String, Object> params, RequestContext context) throws Exception {
        try {
            return calls.call(method, params, context);
        } catch (TimeoutException e) {
            throw new ToolException(e.getMessage());
        }
    }

    private <T> T result(Optional<String> text, Class<T> type, String what) {
        if (text.isEmpty()) throw new IllegalStateException(failure("returned no result (NULL) for " + what));
        try {
            return CODEC.read(text.get(), type);
        } catch (RuntimeException e) {
            throw new IllegalStateException(failure("returned an unusable result for " + what + ": " + e.getMessage()));
        }
    }

    private String failure(String what) {
        return "Native plugin " + name() + " " + what;
    }

    private Object parse(String json, String where) throws NativeLoadException {
        try {
            return CODEC.parse(json);
        } catch (RuntimeException e) {
            throw refused(where + " is not valid JSON (" + e.getMessage() + ")");
        }
    }

    private NativeLoadException refused(String reason) {
        return new NativeLoadException(library.file(), reason);
    }
}

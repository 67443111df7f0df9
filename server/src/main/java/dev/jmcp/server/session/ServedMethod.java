package dev.jmcp.server.session;

import dev.jmcp.protocol.CacheHint;
import dev.jmcp.server.observe.Target;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One request method the server answers, with everything about it that differs from method to method. Built with
 * {@link #request}; the dispatcher reads nothing else to decide how a request is served.
 *
 * @param name           the JSON-RPC method
 * @param wires          which wires serve it; on the other it is -32601
 * @param handler        who answers it
 * @param traits         what else sets it apart (see {@link Trait})
 * @param cacheHint      the cache hint 2026-07-28 puts on its result; null for none
 * @param extension      the extension it belongs to, or null for the core protocol
 * @param clientDeclares a request must declare {@code extension} in its client capabilities (else -32021)
 * @param target         what its {@code params} name (a tool, a resource, ...); null when nothing; observers are told
 *                       it, and the plugin a call is counted to is the one serving it
 */
public record ServedMethod(String name, Wires wires, MethodHandler handler, Set<Trait> traits, CacheHint cacheHint,
                           String extension, boolean clientDeclares, Target target) {

    /** What sets a method apart from a plain request served on its own thread. */
    public enum Trait {
        /** A session may send it before {@code initialize} ({@code ping}). */
        BEFORE_INIT,
        /**
         * It is {@code initialize}: allowed before initialization, never in a batch, and served on the reader's
         * thread, so the request right behind it finds the session open.
         */
        OPENS_SESSION,
        /** In 2026-07-28 it may answer {@code input_required}; the specification allows three methods to. */
        ASKS_FOR_INPUT,
        /** In 2026-07-28 it may run as a task, when its target allows and the request declares the tasks extension. */
        BECOMES_TASK,
        /**
         * Its answer is a stream that lasts until the client cancels it or goes away ({@code subscriptions/listen});
         * closing the input cancels it and shutting down does not wait for it.
         */
        STREAMS,
        /**
         * Over 2026-07-28 HTTP its client mirrors the target in the {@code Mcp-Name} header, which must equal the body
         * (the same methods as {@link dev.jmcp.protocol.NamedTarget}, the list the client reads). Needs a target.
         */
        NAMED_IN_HEADER,
        /**
         * A call of it needs the scopes authorization gives its target as an item ({@code --scope tool:NAME=…},
         * {@code prompt:NAME}, {@code resource:URI}), besides those every request needs. Needs a target.
         */
        SCOPED_PER_ITEM
    }

    public ServedMethod {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(wires, "wires");
        Objects.requireNonNull(handler, "handler");
        var all = traits.isEmpty() ? EnumSet.noneOf(Trait.class) : EnumSet.copyOf(traits);
        // Opening the session is what one does before it is initialized.
        if (all.contains(Trait.OPENS_SESSION)) all.add(Trait.BEFORE_INIT);
        traits = Set.copyOf(all);
        if (clientDeclares && extension == null) throw new IllegalArgumentException(name + ": declares no extension");
    }

    /** A core method served on {@code wires} by {@code handler}, with {@code traits}. */
    public static ServedMethod request(String name, Wires wires, MethodHandler handler, Trait... traits) {
        return new ServedMethod(name, wires, handler, Set.of(traits), null, null, false, null);
    }

    public boolean is(Trait trait) {
        return traits.contains(trait);
    }

    /** Its 2026-07-28 results tell clients they may keep them for {@code ttl} ({@link Duration#ZERO}: never reuse). */
    public ServedMethod cached(Duration ttl) {
        return new ServedMethod(name, wires, handler, traits, CacheHint.shared(ttl), extension, clientDeclares, target);
    }

    /** Part of extension {@code id}; with {@code clientDeclares}, served only to requests that declare it. */
    public ServedMethod extension(String id, boolean clientDeclares) {
        return new ServedMethod(name, wires, handler, traits, cacheHint, id, clientDeclares, target);
    }

    /** The same method answered by {@code other} (tests put a failing handler in place of a real one). */
    public ServedMethod handledBy(MethodHandler other) {
        return new ServedMethod(name, wires, other, traits, cacheHint, extension, clientDeclares, target);
    }

    /** Its {@code params} name {@code kind} of thing (the tool to call, the resource to read). */
    public ServedMethod targets(Target kind) {
        return new ServedMethod(name, wires, handler, traits, cacheHint, extension, clientDeclares, kind);
    }
}

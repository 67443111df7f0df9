package dev.jmcp.server.schema;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.TypeFactory;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;

/**
 * Jackson mappers that share no cache with any other mapper, so that whatever plugin types pass through one are
 * forgotten with it. A plain {@code JsonMapper} is not enough: they all use one process-wide {@link TypeFactory}
 * whose type cache keeps the {@code Class} of every type it resolved — and with it that plugin's class loader, long
 * after the plugin was replaced. The caller owns the mapper it builds and should keep it no longer than the plugin
 * whose types it converts. Stateless.
 */
final class Mappers {
    private Mappers() {
    }

    /** A builder of a mapper with a type factory (and so a type cache) of its own. */
    static JsonMapper.Builder unshared() {
        // A factory of its own (a factory points back at its mapper), with Jackson's buffers shared across threads:
        // calls run on fresh virtual threads, where per-thread buffers would be allocated for every call.
        var factory = JsonFactory.builder().recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool()).build();
        return JsonMapper.builder(factory).typeFactory(TypeFactory.createDefaultInstance());
    }
}

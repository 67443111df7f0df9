package dev.jmcp.server.resources;

import dev.jmcp.plugin.ResourceNotFoundException;
import dev.jmcp.protocol.ListResourceTemplatesResult;
import dev.jmcp.protocol.ListResourcesResult;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.WireShape;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ResourceEntry;
import dev.jmcp.server.registry.ResourceTemplateEntry;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.Pagination;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;

/** Lists, reads and subscribes to resources of the current registry snapshot. Stateless and thread-safe. */
public final class ResourcesFeature {
    private static final Logger log = LoggerFactory.getLogger(ResourcesFeature.class);

    private final int pageSize;

    public ResourcesFeature(int pageSize) {
        this.pageSize = pageSize;
    }

    public ListResourcesResult list(Call call) {
        var page = Pagination.page(call.registry().resources(), e -> e.resource().uri(),
                e -> WireShape.resource(e.resource(), call.version()),
                call.params().optionalString("cursor"), pageSize, call.params());
        return new ListResourcesResult(page.items(), page.nextCursor());
    }

    public ListResourceTemplatesResult listTemplates(Call call) {
        var page = Pagination.page(call.registry().templates(), e -> e.template().uriTemplate(),
                e -> WireShape.template(e.template(), call.version()), call.params().optionalString("cursor"), pageSize, call.params());
        return new ListResourceTemplatesResult(page.items(), page.nextCursor());
    }

    public ReadResourceResult read(Call call) throws InterruptedException {
        String uri = call.params().requireString("uri");
        Reader reader = call.enter(registry -> reader(registry, uri, call), Reader::owner, "Resource", uri)
                .orElseThrow(() -> notFound(uri, call));
        try {
            ReadResourceResult result = reader.read().read();
            if (result == null) throw notFound(uri, call);
            return result;
        } catch (InterruptedException | JsonRpcException e) {
            throw e;
        } catch (ResourceNotFoundException e) {
            throw notFound(uri, call);
        } catch (Exception e) {
            log.warn("reading {} (plugin {}) failed", uri, reader.owner().name(), e);
            throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Reading " + uri + " failed: " + e.getMessage());
        } finally {
            reader.owner().exit();
        }
    }

    public Map<String, Object> subscribe(Call call) {
        String uri = call.params().requireString("uri");
        if (call.registry().resource(uri).isEmpty() && call.registry().matchTemplate(uri).isEmpty()) {
            throw notFound(uri, call);
        }
        call.session().subscribe(uri);
        return Map.of();
    }

    public Map<String, Object> unsubscribe(Call call) {
        call.session().unsubscribe(call.params().requireString("uri"));
        return Map.of();
    }

    private interface Read {
        ReadResourceResult read() throws Exception;
    }

    /** How one snapshot reads a URI, and whose plugin that is. */
    private record Reader(Owner owner, Read read) {
    }

    /** The resource of that URI, or else the first template that matches it; empty when the snapshot has neither. */
    private static Optional<Reader> reader(Registry registry, String uri, Call call) {
        var fixed = registry.resource(uri);
        if (fixed.isPresent()) {
            ResourceEntry entry = fixed.get();
            return Optional.of(new Reader(entry.owner(), () -> entry.handler().read(uri, call.context(entry.owner()))));
        }
        return registry.matchTemplate(uri).map(match -> {
            ResourceTemplateEntry entry = match.getKey();
            Map<String, String> variables = match.getValue();
            return new Reader(entry.owner(), () -> entry.handler().read(uri, variables, call.context(entry.owner())));
        });
    }

    private static JsonRpcException notFound(String uri, Call call) {
        return new JsonRpcException(call.version().resourceNotFoundCode(), "Resource not found: " + uri,
                Map.of("uri", uri));
    }
}

package dev.jmcp.server.mount;

import dev.jmcp.client.CompletionReference;
import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.RequestTimeoutException;
import dev.jmcp.client.Subscription;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.TaskSupport;
import dev.jmcp.plugin.ResourceNotFoundException;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceContents;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import dev.jmcp.protocol.jsonrpc.JsonRpcException;
import dev.jmcp.server.observe.CallOutcome;
import dev.jmcp.server.observe.OutgoingCalls;
import dev.jmcp.server.observe.Target;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.registry.ResourceEntry;
import dev.jmcp.server.registry.ResourceTemplateEntry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.registry.UriTemplate;
import dev.jmcp.server.schema.JsonSchemas;
import dev.jmcp.server.session.OutboundMethods;
import dev.jmcp.server.session.ParentIdentity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.jmcp.protocol.ClientRequests.COMPLETION_COMPLETE;
import static dev.jmcp.protocol.ClientRequests.PROMPTS_GET;
import static dev.jmcp.protocol.ClientRequests.RESOURCES_READ;
import static dev.jmcp.protocol.ClientRequests.TOOLS_CALL;

/**
 * What a mounted server offers ({@link Manifest}) turned into registry entries whose handlers forward to it: tools and
 * prompts under the mount's prefix, resources and templates under the mount's resource prefix (none by default). Arguments are validated against the
 * mounted tool's own input schema before they are forwarded, as for a JAR tool. Static and stateless.
 */
final class Declarations {
    /** Resources subscribed to on the mounted server, at most, so its {@code resources/updated} reach jmcp. */
    private static final int MAX_SUBSCRIPTIONS = 256;
    private static final Logger LOG = LoggerFactory.getLogger(Declarations.class);
    private static final JsonCodec CODEC = JsonCodec.shared();

    private Declarations() {
    }

    static Contribution none(Mount mount) {
        return new Contribution(mount, List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }

    /**
     * Builds the mount's entries for what {@code manifest} holds: tools and prompts under the prefix, resources and
     * templates under the resource prefix. Their handlers reach the server through {@link Mount#client()}, which
     * starts a lazy mount's server on first use.
     */
    static Contribution of(Mount mount, Manifest manifest) {
        Map<String, Object> capabilities = manifest.capabilities();
        MountSpec spec = mount.spec();
        String prefix = spec.prefix();
        var tools = new ArrayList<ToolEntry>();
        for (Tool tool : manifest.tools()) {
            ArgumentsValidator validator;
            try {
                validator = JsonSchemas.validator(tool.inputSchema());
            } catch (IllegalArgumentException e) {
                LOG.warn("Mount {}: tool {} left out, its input schema is unusable: {}", mount.name(), tool.name(),
                        e.getMessage());
                continue;
            }
            Tool served = new Tool(prefix + tool.name(), tool.title(), tool.description(), tool.inputSchema(),
                    tool.outputSchema(), tool.annotations(), tool.icons(), tool.meta());
            // In 2026-07-28 the mounted server may run a call as a task; jmcp's call then becomes one too.
            tools.add(new ToolEntry(served, (arguments, context) -> callTool(mount, tool.name(), arguments,
                    context), validator, null, mount, manifest.stateless() ? TaskSupport.OPTIONAL : TaskSupport.NONE));
        }
        var prompts = new ArrayList<PromptEntry>();
        for (Prompt prompt : manifest.prompts()) {
            Prompt served = new Prompt(prefix + prompt.name(), prompt.title(), prompt.description(),
                    prompt.arguments(), prompt.icons(), prompt.meta());
            prompts.add(new PromptEntry(served, (arguments, context) -> traced(mount, PROMPTS_GET, Target.PROMPT,
                    prompt.name(), outgoing -> request(mount, context, PROMPTS_GET + " " + prompt.name(),
                            c -> send(c, context, outgoing, PROMPTS_GET, arguments == null
                                    ? Map.of("name", prompt.name())
                                    : Map.of("name", prompt.name(), "arguments", arguments), GetPromptResult.class))),
                    mount));
        }
        var resources = new ArrayList<ResourceEntry>();
        for (Resource resource : manifest.resources()) {
            Resource served = new Resource(spec.servedUri(resource.uri()), resource.name(), resource.title(),
                    resource.description(), resource.mimeType(), resource.size(), resource.annotations(),
                    resource.icons(), resource.meta());
            resources.add(new ResourceEntry(served, (uri, context) -> read(mount, context, uri), mount));
        }
        var templates = new ArrayList<ResourceTemplateEntry>();
        for (ResourceTemplate template : manifest.templates()) {
            ResourceTemplate served = new ResourceTemplate(spec.servedUri(template.uriTemplate()), template.name(),
                    template.title(), template.description(), template.mimeType(), template.annotations(),
                    template.icons(), template.meta());
            templates.add(new ResourceTemplateEntry(served, new UriTemplate(served.uriTemplate()),
                    (uri, variables, context) -> read(mount, context, uri), mount));
        }
        var completions = new ArrayList<CompletionEntry>();
        if (capabilities.containsKey("completions")) {
            for (PromptEntry prompt : prompts) {
                if (prompt.prompt().arguments() == null) continue;
                String original = prompt.prompt().name().substring(prefix.length());
                for (PromptArgument argument : prompt.prompt().arguments()) {
                    completions.add(new CompletionEntry(CompletionEntry.Kind.PROMPT, prompt.prompt().name(),
                            argument.name(), (value, resolved, context) -> request(mount, context, COMPLETION_COMPLETE,
                            c -> c.complete(CompletionReference.prompt(original), argument.name(), value, resolved)),
                            mount));
                }
            }
            for (ResourceTemplateEntry template : templates) {
                String uri = template.template().uriTemplate();
                String original = spec.serverUri(uri);
                for (String variable : template.matcher().variables()) {
                    completions.add(new CompletionEntry(CompletionEntry.Kind.RESOURCE, uri, variable,
                            (value, resolved, context) -> request(mount, context, COMPLETION_COMPLETE,
                                    c -> c.complete(CompletionReference.resourceTemplate(original), variable, value,
                                            resolved)), mount));
                }
            }
        }
        return new Contribution(mount, tools, prompts, resources, templates, completions, List.of());
    }

    /**
     * A stateful session with a server that declares {@code subscribe}: subscribes to the resources it listed (at most
     * {@link #MAX_SUBSCRIPTIONS}), so its {@code resources/updated} reach jmcp. 2026-07-28 does it in {@link #listen}.
     */
    static void subscribe(Mount mount, McpClient client, Manifest manifest) throws IOException, InterruptedException {
        if (client.protocolVersion().isStateless()
                || !(manifest.capabilities().get("resources") instanceof Map<?, ?> r)
                || !Boolean.TRUE.equals(r.get("subscribe"))) {
            return;
        }
        for (Resource resource : manifest.resources().stream().limit(MAX_SUBSCRIPTIONS).toList()) {
            try {
                client.subscribe(resource.uri());
            } catch (RuntimeException e) {
                LOG.debug("Mount {}: subscribing to {} refused: {}", mount.name(), resource.uri(), e.getMessage());
            }
        }
    }

    /**
     * 2026-07-28: the {@code subscriptions/listen} stream for the list changes of every kind the server declares
     * {@code listChanged} for, and the updates of the resources it listed (at most {@link #MAX_SUBSCRIPTIONS}) when it
     * declares {@code subscribe}; null in a stateful session, or when there is nothing to listen for.
     */
    static Subscription listen(McpClient client, Manifest declared) throws IOException, InterruptedException {
        if (!client.protocolVersion().isStateless()) return null;
        Map<String, Object> capabilities = client.serverCapabilities();
        var filter = new LinkedHashMap<String, Object>();
        for (String kind : List.of("tools", "prompts", "resources")) {
            if (capabilities.get(kind) instanceof Map<?, ?> c && Boolean.TRUE.equals(c.get("listChanged"))) {
                filter.put(kind + "ListChanged", true);
            }
        }
        if (capabilities.get("resources") instanceof Map<?, ?> r && Boolean.TRUE.equals(r.get("subscribe"))
                && !declared.resources().isEmpty()) {
            filter.put("resourceSubscriptions", declared.resources().stream().limit(MAX_SUBSCRIPTIONS)
                    .map(Resource::uri).toList());
        }
        return filter.isEmpty() ? null : client.listen(filter, null);
    }

    private static CallToolResult callTool(Mount mount, String name, Map<String, Object> arguments,
                                           RequestContext context) throws Exception {
        return callTool(mount, name, arguments, context, false);
    }

    private static CallToolResult callTool(Mount mount, String name, Map<String, Object> arguments,
                                           RequestContext context, boolean retried) throws Exception {
        McpClient client;
        try {
            client = mount.client();
        } catch (IOException e) {
            return CallToolResult.error("Plugin " + mount.name() + " is not available: " + e.getMessage());
        }
        if (!mount.offersTool(name)) {
            // A lazy mount's cached manifest listed it, and the server, started now, no longer has it.
            return CallToolResult.error("Plugin " + mount.name() + ": its server no longer has a tool '" + name
                    + "' (it was in the server's earlier tool list); the tool list has been refreshed");
        }
        // Started here, on the thread serving the caller: its span is the parent of this one.
        OutgoingCalls.Outgoing outgoing = OutgoingCalls.current().start(TOOLS_CALL, Target.TOOL, name,
                mount.name());
        CallOutcome outcome = null;
        try {
            var meta = new LinkedHashMap<String, Object>(outgoing.meta());
            passCapabilities(client, context, meta);
            // A child jmcp running one of our JAR plugins is told who called, so the plugin sees it as in process.
            if (mount.spec().passesIdentity()) {
                context.identity().ifPresent(identity -> meta.put(ParentIdentity.META_KEY, ParentIdentity.toMeta(identity)));
            }
            // The client returns once every progress notification sent before the answer went through the listener,
            // so the caller gets them all before its result.
            CallToolResult result = mount.forward(context, name, () -> client.callTool(name, arguments, meta,
                    context.hasProgressToken()
                            ? progress -> context.progress(progress.progress(), progress.total(), progress.message())
                            : null,
                    mount.spec().callTimeout()));
            outcome = new CallOutcome(Boolean.TRUE.equals(result.isError()) ? CallOutcome.Kind.TOOL_ERROR
                    : CallOutcome.Kind.OK, 0, null, System.nanoTime());
            return result;
        } catch (RequestTimeoutException e) {
            outcome = failed(ErrorCodes.INTERNAL_ERROR, e.getMessage());
            if (mount.spec().restartOnTimeout()) mount.broken(client);
            return CallToolResult.error("Plugin " + mount.name() + ": tool '" + name + "' did not answer within "
                    + mount.spec().callTimeout().toMillis() / 1000.0 + " s");
        } catch (McpErrorException e) {
            outcome = failed(e.code(), e.getMessage());
            // The mounted server's task failed with this error: so does jmcp's.
            if (context.inTask()) throw new JsonRpcException(e.code(), e.getMessage(), e.data());
            if (e.code() == ErrorCodes.MISSING_CLIENT_CAPABILITY && ProtocolVersion.fromWire(context.protocolVersion())
                    .map(ProtocolVersion::isStateless).orElse(false)) {
                // The caller's own request lacks what the tool needs: its answer, as the mounted server gave it.
                throw new JsonRpcException(e.code(), e.getMessage(), e.data());
            }
            return CallToolResult.error("Plugin " + mount.name() + ": tool '" + name + "' failed: " + e.getMessage());
        } catch (IOException e) {
            outcome = failed(ErrorCodes.INTERNAL_ERROR, e.getMessage());
            // Caught by a restart jmcp made to end another, hung call: not this call's fault, so it runs once more.
            if (mount.endedOnPurpose(client) && !retried) return callTool(mount, name, arguments, context, true);
            mount.suspect(client);
            return CallToolResult.error("Plugin " + mount.name() + " crashed during the call to '" + name + "' ("
                    + e.getMessage() + "); it is being restarted");
        } catch (InterruptedException e) {
            outcome = CallOutcome.cancelled();
            if (mount.spec().restartOnTimeout()) mount.broken(client);
            throw e;
        } finally {
            outgoing.span().end(outcome != null ? outcome : failed(ErrorCodes.INTERNAL_ERROR, "the call failed"));
        }
    }

    /**
     * 2026-07-28 requests carry the client's capabilities: the mounted server is told what jmcp's caller declared
     * (extensions included), so it asks that caller nothing it cannot answer, makes a task only for a caller that
     * follows tasks, and answers as it would answer the caller itself.
     */
    private static void passCapabilities(McpClient client, RequestContext context, Map<String, Object> meta) {
        if (!client.protocolVersion().isStateless()) return;
        var capabilities = new LinkedHashMap<String, Object>(context.clientCapabilities());
        if (capabilities.isEmpty()) {
            if (context.clientSupportsRoots()) capabilities.put(OutboundMethods.ROOTS_LIST.capability(), Map.of());
            if (context.clientSupportsSampling()) {
                capabilities.put(OutboundMethods.SAMPLING_CREATE_MESSAGE.capability(), Map.of());
            }
            if (context.clientSupportsElicitation()) {
                capabilities.put(OutboundMethods.ELICITATION_CREATE.capability(), Map.of());
            }
        }
        meta.put("io.modelcontextprotocol/clientCapabilities", capabilities);
    }

    /**
     * A request with the caller's capabilities and the outgoing call's trace context passed on, its result read as
     * {@code type}.
     */
    private static <T> T send(McpClient client, RequestContext context, OutgoingCalls.Outgoing outgoing, String method,
                              Map<String, Object> params, Class<T> type) throws IOException, InterruptedException {
        var meta = new LinkedHashMap<String, Object>(outgoing.meta());
        passCapabilities(client, context, meta);
        var withMeta = new LinkedHashMap<String, Object>(params);
        if (!meta.isEmpty()) withMeta.put("_meta", meta);
        Map<String, Object> result = client.request(method, withMeta);
        try {
            return CODEC.fromTree(result, type);
        } catch (IllegalArgumentException e) {
            throw new IOException("the answer to " + method + " is not a valid " + type.getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Traced<T> {
        T run(OutgoingCalls.Outgoing outgoing) throws Exception;
    }

    /**
     * Runs a request to the mounted server as an outgoing call: a CLIENT span, started here on the thread serving the
     * caller (so it is the caller's span's child), ended with how the request went.
     */
    private static <T> T traced(Mount mount, String method, Target kind, String target, Traced<T> call)
            throws Exception {
        OutgoingCalls.Outgoing outgoing = OutgoingCalls.current().start(method, kind, target, mount.name());
        CallOutcome outcome = failed(ErrorCodes.INTERNAL_ERROR, "the request failed");
        try {
            T result = call.run(outgoing);
            outcome = new CallOutcome(CallOutcome.Kind.OK, 0, null, System.nanoTime());
            return result;
        } catch (JsonRpcException e) {
            outcome = failed(e.code(), e.getMessage());
            throw e;
        } catch (InterruptedException e) {
            outcome = CallOutcome.cancelled();
            throw e;
        } finally {
            outgoing.span().end(outcome);
        }
    }

    private static CallOutcome failed(int code, String message) {
        return new CallOutcome(CallOutcome.Kind.ERROR, code, message, System.nanoTime());
    }

    /** Reads {@code served} (a URI as jmcp serves it) from the server, under its own URI; the contents as served. */
    private static ReadResourceResult read(Mount mount, RequestContext context, String served) throws Exception {
        MountSpec spec = mount.spec();
        String uri = spec.serverUri(served);
        try {
            ReadResourceResult result = traced(mount, RESOURCES_READ, Target.RESOURCE, uri, outgoing -> request(mount,
                    context, RESOURCES_READ, c -> send(c, context, outgoing, RESOURCES_READ, Map.of("uri", uri),
                            ReadResourceResult.class)));
            if (spec.resourcePrefix().isEmpty()) return result;
            return new ReadResourceResult(result.contents().stream().map(contents -> switch (contents) {
                case TextResourceContents text -> (ResourceContents) new TextResourceContents(
                        spec.servedUri(text.uri()), text.mimeType(), text.text(), text.meta());
                case BlobResourceContents blob -> new BlobResourceContents(spec.servedUri(blob.uri()),
                        blob.mimeType(), blob.blob(), blob.meta());
            }).toList());
        } catch (JsonRpcException e) {
            if (e.code() == ErrorCodes.RESOURCE_NOT_FOUND || e.code() == ErrorCodes.INVALID_PARAMS) {
                throw new ResourceNotFoundException(served);
            }
            throw e;
        }
    }

    @FunctionalInterface
    private interface Request<T> {
        T send(McpClient client) throws Exception;
    }

    /** A request other than a tool call: the mounted server's error is this server's error, with its code. */
    private static <T> T request(Mount mount, RequestContext context, String what, Request<T> request) throws Exception {
        McpClient client;
        try {
            client = mount.client();
        } catch (IOException e) {
            throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Plugin " + mount.name() + " is not available: "
                    + e.getMessage());
        }
        try {
            return mount.forward(context, what, () -> request.send(client));
        } catch (McpErrorException e) {
            throw new JsonRpcException(e.code(), e.getMessage(), e.data());
        } catch (IOException e) {
            mount.suspect(client);
            throw new JsonRpcException(ErrorCodes.INTERNAL_ERROR, "Plugin " + mount.name() + " failed on " + what
                    + ": " + e.getMessage());
        }
    }
}

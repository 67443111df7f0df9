package dev.jmcp.conformance.client;

import dev.jmcp.client.McpClient;
import dev.jmcp.client.McpClientBuilder;
import dev.jmcp.client.McpErrorException;
import dev.jmcp.client.ListedSkill;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.Implementation;
import dev.jmcp.protocol.ProtocolVersion;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.protocol.Tool;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the official suite runs as "the client": it reads the scenario from {@code MCP_CONFORMANCE_SCENARIO}, takes
 * the scenario server's URL as its last argument, does what the scenario expects of a client, and exits 0 (or 1 with
 * the reason on standard error). Every scenario goes through the public {@link McpClient} API only.
 */
public final class ConformanceClient {
    private static final String ECHO_TOOL = "json_schema_echo";

    private ConformanceClient() {
    }

    public static void main(String[] args) {
        String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "");
        if (args.length == 0) {
            System.err.println("usage: client.sh URL (with MCP_CONFORMANCE_SCENARIO set to the scenario's name)");
            System.exit(2);
        }
        URI url = URI.create(args[args.length - 1]);
        try {
            run(scenario, url);
            System.exit(0);
        } catch (Exception e) {
            System.err.println("conformance client: scenario '" + scenario + "' failed: " + e);
            System.exit(1);
        }
    }

    static void run(String scenario, URI url) throws IOException, InterruptedException {
        McpClientBuilder builder = McpClient.builder()
                .clientInfo(new Implementation("jmcp-conformance-client", "1.0.0"))
                .requestTimeout(Duration.ofSeconds(20))
                .onElicitation(ConformanceClient::acceptWithDefaults)
                .onSampling(request -> new CreateMessageResult(Role.ASSISTANT,
                        new TextContent("An answer from the conformance client", null, null), "conformance", "endTurn"))
                .roots(List::of);
        // The suite says which revision the scenario is for; the client is pinned to it (to the newest stateful one
        // when it does not say: a scenario's server need not answer the server/discover probe).
        String revision = System.getenv("MCP_CONFORMANCE_PROTOCOL_VERSION");
        builder.protocolVersion(revision == null ? ProtocolVersion.LATEST_STATEFUL
                : ProtocolVersion.fromWire(revision).orElse(ProtocolVersion.LATEST_STATEFUL));
        Map<String, Object> context = context();
        if (scenario.startsWith("sep-2640-")) {
            builder.capability("extensions", Map.of("io.modelcontextprotocol/skills", Map.of()));
        }
        if (scenario.startsWith("auth/")) builder.authorization(Authorizing.oauth(scenario, context));
        try (McpClient client = builder.http(url)) {
            switch (scenario) {
                case "initialize" -> client.listTools();
                case "json-schema-2020-12-preservation" -> echoSchemas(client);
                case "sep-2640-client-no-prefetch" -> client.listSkills();
                case "http-standard-headers" -> {
                    callEveryTool(client);
                    everyOtherListing(client);
                }
                case "sep-2640-client-verify-digest", "sep-2640-client-verify-size", "sep-2640-client-verify-frontmatter" ->
                        loadSkills(client);
                default -> {
                    if (context.get("toolCalls") instanceof List<?> calls) callGiven(client, calls);
                    else callEveryTool(client);
                }
            }
        }
    }

    /** The scenario's own data, {@code MCP_CONFORMANCE_CONTEXT} (a JSON object), or nothing. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> context() {
        String json = System.getenv("MCP_CONFORMANCE_CONTEXT");
        if (json == null || json.isBlank()) return Map.of();
        return JsonCodec.shared().parse(json.getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?> map
                ? (Map<String, Object>) map : Map.of();
    }

    /** Lists the tools (which teaches the client their header marks), then makes exactly the calls the scenario gives. */
    @SuppressWarnings("unchecked")
    private static void callGiven(McpClient client, List<?> calls) throws IOException, InterruptedException {
        client.listTools();
        for (Object call : calls) {
            if (!(call instanceof Map<?, ?> given) || !(given.get("name") instanceof String name)) continue;
            Map<String, Object> arguments = given.get("arguments") instanceof Map<?, ?> a ? (Map<String, Object>) a : Map.of();
            client.callTool(name, arguments);
        }
    }

    /** Lists the tools and calls each once, with a plausible value for every required argument. */
    private static void callEveryTool(McpClient client) throws IOException, InterruptedException {
        for (Tool tool : client.listTools()) {
            try {
                client.callTool(tool.name(), Arguments.plausible(tool.inputSchema()));
            } catch (McpErrorException e) {
                System.err.println("conformance client: " + tool.name() + " refused: " + e.getMessage());
            }
        }
    }

    /** Lists and reads resources, lists and gets prompts: each method's headers are seen once. */
    private static void everyOtherListing(McpClient client) throws InterruptedException {
        try {
            for (var resource : client.listResources()) client.readResource(resource.uri());
        } catch (IOException | McpErrorException e) {
            System.err.println("conformance client: resources: " + e.getMessage());
        }
        try {
            for (var prompt : client.listPrompts()) client.getPrompt(prompt.name(), Map.of());
        } catch (IOException | McpErrorException e) {
            System.err.println("conformance client: prompts: " + e.getMessage());
        }
    }

    /** Loads every skill; one that fails verification is reported and left out, as a host would. */
    private static void loadSkills(McpClient client) throws IOException, InterruptedException {
        for (ListedSkill skill : client.listSkills()) {
            try {
                client.fetchSkill(skill);
            } catch (IOException e) {
                System.err.println("conformance client: skill not loaded: " + e.getMessage());
            }
        }
    }

    /** Sends every other tool's input schema, as this client holds it, back through the echo tool (SEP-1613). */
    private static void echoSchemas(McpClient client) throws IOException, InterruptedException {
        List<Tool> tools = client.listTools();
        for (Tool tool : tools) {
            if (!tool.name().equals(ECHO_TOOL)) client.callTool(ECHO_TOOL, Map.of("schema", tool.inputSchema()));
        }
    }

    /** Accepts a form, filling every field that has a default with it (SEP-1034). */
    private static ElicitResult acceptWithDefaults(ElicitRequest request) {
        var content = new LinkedHashMap<String, Object>();
        if (request.requestedSchema() != null && request.requestedSchema().get("properties") instanceof Map<?, ?> props) {
            props.forEach((name, schema) -> {
                if (schema instanceof Map<?, ?> field && field.containsKey("default")) {
                    content.put(String.valueOf(name), field.get("default"));
                }
            });
        }
        return new ElicitResult("accept", content);
    }
}

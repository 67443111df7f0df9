package dev.jmcp.toolsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code CatalogServer FOLDER COUNT}: an MCP server over stdio that lists the first COUNT tools of the evaluation set's
 * catalog (their real definitions, named as the benchmark names them) and answers {@code initialize}, {@code ping} and
 * {@code tools/list}; nothing else. The benchmark mounts it into a real {@code jmcp serve --tool-search} to time
 * {@code search_tools} over stdio. Written by hand so that it costs nothing while jmcp is measured.
 */
public final class CatalogServer {

    private CatalogServer() {
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        EvalSet set = EvalSet.load(Path.of(args[0]));
        int count = Integer.parseInt(args[1]);
        ArrayNode tools = json.createArrayNode();
        for (Map.Entry<String, String> definition : set.definitions().entrySet()) {
            if (tools.size() == count) break;
            ObjectNode tool = (ObjectNode) json.readTree(definition.getValue());
            // As EvalSet does: a few published servers leave out the input schema's "type": "object".
            if (!(tool.get("inputSchema") instanceof ObjectNode)) tool.putObject("inputSchema");
            ((ObjectNode) tool.get("inputSchema")).put("type", "object");
            tools.add(tool);
        }
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) continue;
            JsonNode request = json.readTree(line);
            if (!request.has("id")) continue;
            ObjectNode reply = json.createObjectNode().put("jsonrpc", "2.0").set("id", request.get("id"));
            switch (request.path("method").asText()) {
                case "initialize" -> {
                    ObjectNode result = reply.putObject("result");
                    result.put("protocolVersion", request.path("params").path("protocolVersion").asText("2025-06-18"));
                    result.putObject("capabilities").putObject("tools");
                    result.putObject("serverInfo").put("name", "catalog").put("version", "1");
                }
                case "ping" -> reply.putObject("result");
                case "tools/list" -> reply.putObject("result").set("tools", tools);
                default -> reply.putObject("error").put("code", -32601).put("message", "not served here");
            }
            out.println(json.writeValueAsString(reply));
            out.flush();
        }
    }
}

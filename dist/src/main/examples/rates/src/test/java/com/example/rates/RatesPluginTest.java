package com.example.rates;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.jmcp.plugin.testkit.PluginTestKit;
import dev.jmcp.plugin.testkit.PluginUnderTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plugin in a real jmcp engine in this JVM, called by real clients in every protocol revision, its web API played
 * by a real HTTP server on 127.0.0.1 that this test starts (no internet needed): the plugin's HTTP client really connects
 * to it, and reads the answer with its own copy of Jackson.
 */
class RatesPluginTest {
    private static final List<String> requests = new CopyOnWriteArrayList<>();
    private static HttpServer api;
    private static PluginUnderTest plugin;

    /** The API as frankfurter.dev answers: a rate for EUR to USD (1.052), a 404 for any other pair. */
    private static void latest(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        requests.add(exchange.getRequestURI().getPath() + "?" + query);
        boolean known = query.contains("base=EUR") && query.contains("symbols=USD");
        byte[] body = (known ? "{\"amount\":10.0,\"base\":\"EUR\",\"date\":\"2026-11-26\",\"rates\":{\"USD\":10.52}}"
                : "{\"message\":\"not found\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(known ? 200 : 404, body.length);
        try (var out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @BeforeAll
    static void load() throws Exception {
        api = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        api.createContext("/v1/latest", RatesPluginTest::latest);
        api.start();
        String baseUrl = "http://127.0.0.1:" + api.getAddress().getPort() + "/v1";
        plugin = loaded(baseUrl);
    }

    /**
     * The plugin, configured to call {@code baseUrl}, with the libraries it uses bundled into its JAR as the shade
     * plugin bundles them into the built one: Jackson's three JARs (databind, core, annotations).
     */
    private static PluginUnderTest loaded(String baseUrl) throws IOException {
        return PluginTestKit.plugin(RatesPlugin.class).name("rates").env(Map.of("RATES_BASE_URL", baseUrl))
                .bundling(com.fasterxml.jackson.databind.ObjectMapper.class,
                        com.fasterxml.jackson.core.JsonParser.class, com.fasterxml.jackson.annotation.JsonProperty.class).start();
    }

    @AfterAll
    static void close() throws Exception {
        if (plugin != null) plugin.close();
        if (api != null) api.stop(0);
    }

    @Test
    void convertsThroughTheWebApiWithStructuredContent() throws Exception {
        plugin.forEachRevision(client -> {
            requests.clear();
            var result = client.callTool("convert", Map.of("amount", 10, "from", "EUR", "to", "USD"));
            assertEquals(List.of("/v1/latest?amount=10.0&base=EUR&symbols=USD"), requests);
            assertTrue(PluginTestKit.text(result).contains("10.52"), PluginTestKit.text(result));
            if (result.structuredContent() != null) {   // revisions from 2025-06-18 on carry it
                assertEquals(Map.of("amount", 10.0, "from", "EUR", "to", "USD", "result", 10.52, "date", "2026-11-26"),
                        result.structuredContent());
            }
        });
    }

    @Test
    void theServicesRefusalAndBadCurrenciesAreToolErrorsThatSayWhy() throws Exception {
        var client = plugin.client();
        var refused = client.callTool("convert", Map.of("amount", 1, "from", "EUR", "to", "XXX"));
        assertTrue(refused.isError());
        assertEquals("the rates service answered 404: not found", PluginTestKit.text(refused));
        requests.clear();
        var bad = client.callTool("convert", Map.of("amount", 1, "from", "euro", "to", "USD"));
        assertTrue(bad.isError());
        assertTrue(PluginTestKit.text(bad).startsWith("currencies are three capital letters"));
        assertEquals(List.of(), requests, "a bad currency is not sent");
    }

    @Test
    void aServiceThatCannotBeReachedIsAToolError() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (var offline = loaded("http://127.0.0.1:" + closedPort + "/v1")) {
            var result = offline.client().callTool("convert", Map.of("amount", 1, "from", "EUR", "to", "USD"));
            assertTrue(result.isError());
            assertTrue(PluginTestKit.text(result).contains("could not be reached"), PluginTestKit.text(result));
        }
    }
}

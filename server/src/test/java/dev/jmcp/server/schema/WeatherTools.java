package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Content;
import dev.jmcp.protocol.ImageContent;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** Sample tools covering every parameter and return kind the annotation API supports. */
public class WeatherTools {
    public enum Units { METRIC, IMPERIAL }

    public record Place(@Arg(description = "latitude in degrees") double latitude, double longitude) {
    }

    public record Options(@Arg(description = "at most this many") int limit, @Arg(required = false) String sort,
                          Place near, Place far) {
    }

    public record Forecast(String city, int days, Units units, List<Double> highs, @Arg(required = false) String note) {
    }

    public volatile RequestContext lastContext;
    public final CountDownLatch entered = new CountDownLatch(1);

    @McpTool(title = "Forecast", description = "Daily forecast for a city", readOnlyHint = true, destructiveHint = false)
    public Forecast forecast(@Arg(description = "City name") String city, int days, Optional<Units> units,
                             RequestContext context) {
        lastContext = context;
        return new Forecast(city, days, units.orElse(Units.METRIC), List.of(20.5, 21.0).subList(0, Math.min(days, 2)), null);
    }

    @McpTool(name = "search_places")
    public List<Place> search(@Arg(name = "query") String q, @Arg(required = false) Integer limit, Options options,
                              Map<String, Integer> weights, String[] tags, boolean exact) {
        int n = limit == null ? 1 : limit;
        return List.of(new Place(weights.getOrDefault("x", 0) + n, options.limit() + tags.length + (exact ? 1 : 0)));
    }

    @McpTool
    public String echo(String text) {
        return text;
    }

    @McpTool
    public Content picture() {
        return new ImageContent("aGk=", "image/png", null, null);
    }

    @McpTool
    public CallToolResult raw() {
        return CallToolResult.error("raw failure");
    }

    @McpTool
    public void nothing() {
    }

    @McpTool
    public int count(List<String> items) {
        return items.size();
    }

    @McpTool
    public String fail(String how) throws Exception {
        switch (how) {
            case "tool" -> throw new ToolException("no such city");
            case "checked" -> throw new IOException("disk gone");
            default -> throw new IllegalStateException("broken");
        }
    }

    @McpTool
    public String block() throws InterruptedException {
        entered.countDown();
        new CountDownLatch(1).await();
        return "never";
    }

    @McpTool
    public static String version() {
        return "1.0";
    }
}

package dev.jmcp.plugins.weather;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.PluginConfig;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Tool;
import dev.jmcp.protocol.ToolAnnotations;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The weather plugin: {@code get_weather} reads today's hourly temperatures at a latitude and longitude from
 * Open-Meteo and answers a short forecast. Configuration (environment {@code WEATHER_<KEY>} or
 * {@code weather.properties}): {@code base-url} (default {@value #DEFAULT_BASE_URL}), {@code connect-timeout-ms}
 * (default 5000) and {@code timeout-ms} for the whole request (default 10000). A bad value fails the plugin's load.
 * Thread-safe; the HTTP client it holds is closed by {@link #close}.
 */
public final class WeatherPlugin implements Plugin {

    static final String DEFAULT_BASE_URL = "https://api.open-meteo.com";

    private static final Map<String, Object> INPUT_SCHEMA = Map.of(
            "type", "object",
            "properties", Map.of(
                    "city", Map.of(
                            "type", "string",
                            "description", "The place's name, used only to label the answer, e.g. \"Rome\".",
                            "maxLength", 100),
                    "latitude", Map.of(
                            "type", "number",
                            "description", "Latitude in decimal degrees, north positive, e.g. 41.9028 for Rome.",
                            "minimum", -90,
                            "maximum", 90),
                    "longitude", Map.of(
                            "type", "number",
                            "description", "Longitude in decimal degrees, east positive, e.g. 12.4964 for Rome.",
                            "minimum", -180,
                            "maximum", 180)),
            "required", List.of("latitude", "longitude"),
            "additionalProperties", false);

    private volatile OpenMeteoClient client;

    @Override
    public void register(Registrar registrar) {
        PluginConfig config = registrar.config();
        client = new OpenMeteoClient(baseUri(config.get("base-url", DEFAULT_BASE_URL)),
                positiveMillis(config, "connect-timeout-ms", 5_000),
                positiveMillis(config, "timeout-ms", 10_000));
        var tool = new Tool("get_weather", "Weather forecast",
                "Today's temperature forecast for a place, from Open-Meteo: the average of the morning (06–11), "
                        + "afternoon (12–17) and evening (18–23) in local time, the day's highest and lowest with "
                        + "their hours, and a one-line summary. Give the place's latitude and longitude; the city "
                        + "name only labels the answer.",
                INPUT_SCHEMA, null,
                new ToolAnnotations("Weather forecast", true, false, false, true),
                null, null);
        registrar.tool(tool, this::getWeather);
    }

    @Override
    public void close() {
        if (client != null) client.close();
    }

    private CallToolResult getWeather(Map<String, Object> arguments, RequestContext context) throws InterruptedException {
        double latitude = coordinate(arguments, "latitude", 90);
        double longitude = coordinate(arguments, "longitude", 180);
        Object city = arguments.get("city");
        if (city != null && !(city instanceof String)) throw new ToolException("city must be a string.");
        boolean named = city != null && !((String) city).isBlank();
        String place = named ? ((String) city).strip() : OpenMeteoClient.plain(latitude) + ", " + OpenMeteoClient.plain(longitude);
        Forecast forecast = client.forecast(latitude, longitude);
        return CallToolResult.text(ForecastReport.write(forecast, place, named));
    }

    private static double coordinate(Map<String, Object> arguments, String name, int bound) {
        Object value = arguments.get(name);
        if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())
                || Math.abs(number.doubleValue()) > bound) {
            throw new ToolException(name + " must be a number from -" + bound + " to " + bound + ", was "
                    + (value == null ? "missing" : "'" + value + "'") + ".");
        }
        return number.doubleValue();
    }

    private static URI baseUri(String text) {
        try {
            URI uri = new URI(text.strip());
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new IllegalArgumentException("configuration base-url must be an http or https URL, was '" + text + "'");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("configuration base-url is not a URL: '" + text + "'", e);
        }
    }

    private static Duration positiveMillis(PluginConfig config, String key, int defaultMillis) {
        int millis = config.getInt(key, defaultMillis);
        if (millis <= 0) throw new IllegalArgumentException("configuration " + key + " must be positive, was " + millis);
        return Duration.ofMillis(millis);
    }
}

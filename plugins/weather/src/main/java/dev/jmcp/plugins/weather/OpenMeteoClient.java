package dev.jmcp.plugins.weather;

import dev.jmcp.plugin.Json;
import dev.jmcp.plugin.ToolException;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Asks the Open-Meteo forecast API for today's hourly temperatures. Owned by {@link WeatherPlugin}, which closes it
 * when the plugin unloads; thread-safe. Every failure — no connection, a status other than 200, a body that is not
 * the expected JSON — is a {@link ToolException} saying what went wrong. Interrupting the calling thread aborts the
 * HTTP exchange and throws {@link InterruptedException}.
 */
final class OpenMeteoClient implements AutoCloseable {

    /** Bodies beyond this are refused: a day of hourly temperatures is about 1 KB. */
    private static final long MAX_BODY_BYTES = 1 << 20;
    private static final int EXCERPT_CHARS = 200;

    private final URI baseUri;
    private final Duration connectTimeout;
    private final Duration requestTimeout;
    /** Built at the first forecast: a JDK HttpClient sets up TLS, which costs start-up time nobody may need. */
    private HttpClient http;
    private boolean closed;

    OpenMeteoClient(URI baseUri, Duration connectTimeout, Duration requestTimeout) {
        this.baseUri = baseUri;
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
    }

    private synchronized HttpClient http() {
        if (closed) throw new ToolException("The weather plugin is being unloaded; try again.");
        if (http == null) {
            http = HttpClient.newBuilder()
                    .connectTimeout(connectTimeout)
                    .followRedirects(HttpClient.Redirect.NORMAL)
                    .build();
        }
        return http;
    }

    /** The request for today's forecast at a place, in its local time zone. */
    URI forecastUri(double latitude, double longitude) {
        String base = baseUri.toString().replaceAll("/+$", "");
        return URI.create(base + "/v1/forecast?latitude=" + plain(latitude) + "&longitude=" + plain(longitude)
                // Local times, so that morning, afternoon and evening are the place's own.
                + "&hourly=temperature_2m&forecast_days=1&timezone=auto");
    }

    Forecast forecast(double latitude, double longitude) throws InterruptedException {
        var request = HttpRequest.newBuilder(forecastUri(latitude, longitude))
                .timeout(requestTimeout)
                .header("Accept", "application/json")
                .GET()
                .build();
        HttpResponse<byte[]> response;
        try {
            response = http().send(request, HttpResponse.BodyHandlers.limiting(
                    HttpResponse.BodyHandlers.ofByteArray(), MAX_BODY_BYTES));
        } catch (HttpConnectTimeoutException e) {
            throw unreachable("no connection within " + connectTimeout.toMillis() + " ms", e);
        } catch (HttpTimeoutException e) {
            throw unreachable("no answer within " + requestTimeout.toMillis() + " ms", e);
        } catch (ConnectException e) {
            throw unreachable("connection refused", e);
        } catch (IOException e) {
            throw unreachable(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
        }
        byte[] body = response.body();
        if (response.statusCode() != 200) {
            throw new ToolException("Open-Meteo answered HTTP " + response.statusCode() + ": " + excerpt(body));
        }
        Object tree;
        try {
            tree = Json.parse(body);
        } catch (IllegalArgumentException e) {
            throw new ToolException("Open-Meteo's answer is not valid JSON (" + e.getMessage() + "): " + excerpt(body));
        }
        return Forecast.from(tree);
    }

    @Override
    public void close() {
        HttpClient built;
        synchronized (this) {
            closed = true;
            built = http;
        }
        if (built != null) built.close();
    }

    private ToolException unreachable(String why, Exception cause) {
        return new ToolException("Could not get a forecast from Open-Meteo at " + baseUri + ": " + why + ".", cause);
    }

    /** The start of a body, on one line, for error messages. */
    private static String excerpt(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).strip().replaceAll("\\s+", " ");
        if (text.isEmpty()) return "(empty body)";
        return text.length() <= EXCERPT_CHARS ? text : text.substring(0, EXCERPT_CHARS) + "…";
    }

    /** A coordinate as the API wants it: plain decimal notation, never {@code 1.0E-4}. */
    static String plain(double coordinate) {
        return BigDecimal.valueOf(coordinate).stripTrailingZeros().toPlainString();
    }
}

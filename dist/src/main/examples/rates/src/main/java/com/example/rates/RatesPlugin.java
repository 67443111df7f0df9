package com.example.rates;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ToolException;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An example plugin wrapping a web API: {@code convert} asks the Frankfurter API (frankfurter.dev: the European
 * Central Bank's reference rates, no key needed) with the JDK's HTTP client and reads its JSON into records with
 * Jackson, which the shade plugin bundles into the plugin's JAR. Configuration ({@code RATES_BASE_URL}, or
 * {@code base-url} in {@code rates.properties}): where the API is, which is also how the tests point it at a server of
 * their own on 127.0.0.1; {@code timeout-seconds}, the bound of one call (default 10).
 *
 * <p>What a wrapper of a web API takes care of: a bound on every call (a hung service costs the caller a timeout,
 * never a hung tool), the service's failures told as tool errors a person can act on, input checked before it is
 * sent, a bound on what is read, and the HTTP client's thread ended when the plugin is unloaded (hot reload). That
 * last point is why this example uses the JDK's client: OkHttp, for one, keeps threads of its own for a minute after
 * its last call and offers no way to end them, so jmcp reports the unloaded plugin as runaway (its classes stay in
 * memory) until they end.
 */
public final class RatesPlugin implements Plugin {
    static final String DEFAULT_BASE_URL = "https://api.frankfurter.dev/v1";
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    /** Unknown fields are the API's business: a field it adds later must not break the plugin. */
    private final ObjectMapper json = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private HttpClient http;
    private URI baseUrl;
    private Duration timeout;

    /** A conversion: returned as a record, so the tool has an output schema and gives structured content. */
    public record Conversion(double amount, String from, String to, double result, String date) {
    }

    /** The API's answer: {@code {"amount":10.0,"base":"EUR","date":"2026-11-26","rates":{"USD":10.52}}}. */
    public record Latest(double amount, String base, String date, Map<String, Double> rates) {
    }

    /** The API's refusal: {@code {"message":"not found"}}. */
    public record Refusal(String message) {
    }

    @Override
    public void register(Registrar registrar) {
        String base = registrar.config().get("base-url", DEFAULT_BASE_URL);
        baseUrl = URI.create(base.endsWith("/") ? base : base + "/");
        if (!"http".equals(baseUrl.getScheme()) && !"https".equals(baseUrl.getScheme())) {
            throw new IllegalArgumentException("configuration base-url is not an http(s) URL: " + base);
        }
        timeout = Duration.ofSeconds(registrar.config().getInt("timeout-seconds", 10));
        http = HttpClient.newBuilder().connectTimeout(timeout).build();
        registrar.annotated(this);
    }

    @McpTool(description = "Converts an amount between currencies at the European Central Bank's latest reference rate",
            readOnlyHint = true, destructiveHint = false, idempotentHint = true)
    public Conversion convert(@Arg(description = "The amount to convert") double amount,
                              @Arg(description = "The currency it is in: an ISO 4217 code, like EUR") String from,
                              @Arg(description = "The currency to convert to, like USD") String to) throws InterruptedException {
        if (!CURRENCY.matcher(from).matches() || !CURRENCY.matcher(to).matches()) {
            throw new ToolException("currencies are three capital letters (EUR, USD, JPY), got '" + from + "' and '"
                    + to + "'");
        }
        URI uri = baseUrl.resolve("latest?amount=" + amount + "&base=" + encode(from) + "&symbols=" + encode(to));
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json").build();
        // The call's thread blocks here, bounded by the timeout; cancelling the call interrupts it.
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            byte[] body;
            try (InputStream in = response.body()) {
                body = in.readNBytes(MAX_ANSWER_BYTES + 1);
            }
            if (body.length > MAX_ANSWER_BYTES) throw new ToolException("the rates service's answer is too large");
            if (response.statusCode() != 200) {
                throw new ToolException("the rates service answered " + response.statusCode() + ": " + message(body));
            }
            Latest latest = json.readValue(body, Latest.class);
            Double result = latest.rates() == null ? null : latest.rates().get(to);
            if (result == null) throw new ToolException("the rates service has no rate from " + from + " to " + to);
            return new Conversion(amount, from, to, result, latest.date());
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new ToolException("the rates service's answer is not what it documents: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ToolException("the rates service at " + baseUrl + " could not be reached: " + e);
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** The service's own message, or the start of whatever it sent. */
    private String message(byte[] body) {
        try {
            Refusal refusal = json.readValue(body, Refusal.class);
            if (refusal.message() != null) return refusal.message();
        } catch (IOException notJson) {
            // fall through: show the text
        }
        String text = new String(body, StandardCharsets.UTF_8).strip();
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }

    /** Unloaded (a new version was dropped in, or the file removed): end the HTTP client's thread. */
    @Override
    public void close() {
        http.close();
    }
}

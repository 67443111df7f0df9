/**
 * The weather sample plugin: the {@code get_weather} tool, which asks the Open-Meteo forecast API for today's hourly
 * temperatures at a place and answers a short readable forecast. Uses only {@code jmcp-plugin-api} (and the protocol
 * types it exposes) and the JDK's HTTP client.
 */
package dev.jmcp.plugins.weather;

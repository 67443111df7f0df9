package dev.jmcp.plugins.weather;

import java.time.LocalDateTime;

/** One hour of a forecast: the local time and the temperature then, or null when the API had no value. */
record HourlyTemperature(LocalDateTime time, Double value) {
}

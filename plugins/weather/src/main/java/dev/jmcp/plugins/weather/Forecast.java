package dev.jmcp.plugins.weather;

import dev.jmcp.plugin.ToolException;

import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The part of an Open-Meteo forecast answer this plugin reads: the time zone, the temperature unit and the hourly
 * temperatures in local time.
 */
record Forecast(String timezone, String unit, List<HourlyTemperature> hours) {

    Forecast {
        hours = List.copyOf(hours);
    }

    /**
     * Reads a parsed answer of {@code /v1/forecast?hourly=temperature_2m}. Throws {@link ToolException} naming the
     * first field that is missing or of the wrong kind.
     */
    static Forecast from(Object tree) {
        if (!(tree instanceof Map<?, ?> root)) throw new ToolException("Open-Meteo's answer is not a JSON object.");
        Map<?, ?> units = object(root.get("hourly_units"), "hourly_units");
        Map<?, ?> hourly = object(root.get("hourly"), "hourly");
        String unit = string(units.get("temperature_2m"), "hourly_units.temperature_2m");
        List<?> times = list(hourly.get("time"), "hourly.time");
        List<?> temperatures = list(hourly.get("temperature_2m"), "hourly.temperature_2m");
        if (times.isEmpty()) throw incomplete("hourly.time is empty");
        if (times.size() != temperatures.size()) {
            throw incomplete("hourly.time has " + times.size() + " entries but hourly.temperature_2m has "
                    + temperatures.size());
        }
        var hours = new ArrayList<HourlyTemperature>(times.size());
        for (int i = 0; i < times.size(); i++) {
            String field = "hourly.time[" + i + "]";
            LocalDateTime time;
            try {
                time = LocalDateTime.parse(string(times.get(i), field));
            } catch (DateTimeParseException e) {
                throw incomplete(field + " is not an ISO local date-time: '" + times.get(i) + "'");
            }
            Object value = temperatures.get(i);
            if (value != null && !(value instanceof Number)) {
                throw incomplete("hourly.temperature_2m[" + i + "] is not a number: '" + value + "'");
            }
            hours.add(new HourlyTemperature(time, value == null ? null : ((Number) value).doubleValue()));
        }
        if (hours.stream().allMatch(h -> h.value() == null)) throw incomplete("hourly.temperature_2m has no values");
        Object timezone = root.get("timezone");
        return new Forecast(timezone instanceof String s ? s : null, unit, hours);
    }

    private static Map<?, ?> object(Object value, String field) {
        if (value instanceof Map<?, ?> map) return map;
        throw incomplete(value == null ? "it has no '" + field + "'" : "'" + field + "' is not a JSON object");
    }

    private static List<?> list(Object value, String field) {
        if (value instanceof List<?> list) return list;
        throw incomplete(value == null ? "it has no '" + field + "'" : "'" + field + "' is not a JSON array");
    }

    private static String string(Object value, String field) {
        if (value instanceof String s) return s;
        throw incomplete(value == null ? "it has no '" + field + "'" : "'" + field + "' is not a string");
    }

    private static ToolException incomplete(String what) {
        return new ToolException("Open-Meteo's answer is incomplete: " + what + ".");
    }
}

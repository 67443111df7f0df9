package dev.jmcp.plugins.weather;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * Writes a forecast as the text the model reads: the average temperature of the morning (06–11), afternoon (12–17)
 * and evening (18–23), the day's highest and lowest with their hours, and a one-line summary. Numbers have one
 * decimal, whatever the default locale.
 */
final class ForecastReport {

    private ForecastReport() {
    }

    /** {@code place} is how the answer names the location, e.g. "Rome" or "41.9028, 12.4964". */
    static String write(Forecast forecast, String place, boolean named) {
        List<HourlyTemperature> known = forecast.hours().stream().filter(h -> h.value() != null).toList();
        HourlyTemperature high = known.stream().max(Comparator.comparingDouble(HourlyTemperature::value)).orElseThrow();
        // min() keeps the first of equal values too, so the earliest hour is named.
        HourlyTemperature low = known.stream().min(Comparator.comparingDouble(HourlyTemperature::value)).orElseThrow();
        String unit = forecast.unit();
        String where = (named ? "in " : "at ") + place;

        var text = new StringBuilder();
        text.append("Forecast ").append(where).append(" for ").append(forecast.hours().getFirst().time().toLocalDate());
        if (forecast.timezone() != null) text.append(" (").append(forecast.timezone()).append(" time)");
        text.append(":\n");
        text.append("Morning (06–11): ").append(average(known, 6, 11, unit)).append('\n');
        text.append("Afternoon (12–17): ").append(average(known, 12, 17, unit)).append('\n');
        text.append("Evening (18–23): ").append(average(known, 18, 23, unit)).append('\n');
        text.append("Highest: ").append(temperature(high.value(), unit)).append(" at ").append(high.time().toLocalTime()).append('\n');
        text.append("Lowest: ").append(temperature(low.value(), unit)).append(" at ").append(low.time().toLocalTime()).append('\n');
        double mean = known.stream().mapToDouble(HourlyTemperature::value).average().orElseThrow();
        text.append(feel(mean, unit)).append(" day ").append(where).append(": ")
                .append(temperature(low.value(), unit)).append(" to ").append(temperature(high.value(), unit)).append('.');
        return text.toString();
    }

    private static String average(List<HourlyTemperature> hours, int fromHour, int toHour, String unit) {
        Predicate<HourlyTemperature> inPeriod = h -> h.time().getHour() >= fromHour && h.time().getHour() <= toHour;
        OptionalDouble average = hours.stream().filter(inPeriod).mapToDouble(HourlyTemperature::value).average();
        return average.isPresent() ? temperature(average.getAsDouble(), unit) : "no data";
    }

    private static String temperature(double value, String unit) {
        String number = String.format(Locale.ROOT, "%.1f", value);
        return (number.equals("-0.0") ? "0.0" : number) + " " + unit;
    }

    /** One word for the day as a whole, judged on its mean temperature in °C (Open-Meteo gives °C or °F). */
    private static String feel(double mean, String unit) {
        double celsius;
        switch (unit) {
            case "°C" -> celsius = mean;
            case "°F" -> celsius = (mean - 32) * 5 / 9;
            default -> {
                return "The";
            }
        }
        if (celsius < 0) return "Freezing";
        if (celsius < 8) return "Cold";
        if (celsius < 15) return "Cool";
        if (celsius < 22) return "Mild";
        if (celsius < 28) return "Warm";
        return "Hot";
    }
}

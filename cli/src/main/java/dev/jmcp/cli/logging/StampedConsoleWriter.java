package dev.jmcp.cli.logging;

import org.tinylog.core.LogEntry;
import org.tinylog.core.LogEntryValue;
import org.tinylog.writers.AbstractFormatPatternWriter;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import java.util.TimeZone;

/**
 * tinylog's console writer as jmcp uses it: every level to standard error, each line after the local time of day
 * ({@code 14:03:07.215 }), then the writer's {@code format}. The time is the one tinylog's
 * {@code {date:HH:mm:ss.SSS}} would print, computed from {@link TimeZone} instead of {@code java.time}: the first
 * {@code java.time} zone lookup in a process lists a service file in every JAR of the class path
 * ({@code ZoneRulesProvider}), 30-40 ms of CPU time on the path to an HTTP server's first answer, while
 * {@link TimeZone} reads the JDK's zone data directly (about 7 ms).
 * Daylight saving time is followed line by line; the zone is the JVM's default when the writer is made, as with
 * {@code {date}}. Public for tinylog, which creates it by name (see {@link LogSetup}).
 */
public final class StampedConsoleWriter extends AbstractFormatPatternWriter {
    private static final long DAY_MILLIS = 86_400_000L;

    private final TimeZone zone = TimeZone.getDefault();

    public StampedConsoleWriter(Map<String, String> properties) {
        super(properties);
    }

    @Override
    public Collection<LogEntryValue> getRequiredLogEntryValues() {
        Collection<LogEntryValue> values = EnumSet.noneOf(LogEntryValue.class);
        values.addAll(super.getRequiredLogEntryValues());
        values.add(LogEntryValue.DATE);
        return values;
    }

    @Override
    public void write(LogEntry entry) {
        long millis = entry.getTimestamp().toInstant().toEpochMilli();
        System.err.print(timeOfDay(millis, zone) + render(entry));
    }

    /** {@code HH:mm:ss.SSS } for {@code millis} since the epoch, in {@code zone}. */
    static String timeOfDay(long millis, TimeZone zone) {
        int ofDay = (int) Math.floorMod(millis + zone.getOffset(millis), DAY_MILLIS);
        var time = new StringBuilder(13);
        twoDigits(time, ofDay / 3_600_000).append(':');
        twoDigits(time, ofDay / 60_000 % 60).append(':');
        twoDigits(time, ofDay / 1_000 % 60).append('.');
        int fraction = ofDay % 1_000;
        if (fraction < 100) time.append('0');
        if (fraction < 10) time.append('0');
        return time.append(fraction).append(' ').toString();
    }

    private static StringBuilder twoDigits(StringBuilder to, int value) {
        if (value < 10) to.append('0');
        return to.append(value);
    }

    @Override
    public void flush() {
        System.err.flush();
    }

    @Override
    public void close() {
        // Standard error stays open: it is the process's, not the writer's.
    }
}

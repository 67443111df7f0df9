package dev.jmcp.cli.logging;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.TimeZone;

import static org.assertj.core.api.Assertions.assertThat;

class StampedConsoleWriterTest {

    @Test
    void printsTheTimeOfDayWithMillisecondsAndASpace() {
        long millis = Instant.parse("2026-03-04T05:06:07.089Z").toEpochMilli();

        assertThat(StampedConsoleWriter.timeOfDay(millis, TimeZone.getTimeZone("UTC"))).isEqualTo("05:06:07.089 ");
        assertThat(StampedConsoleWriter.timeOfDay(millis, TimeZone.getTimeZone("Asia/Kolkata")))
                .isEqualTo("10:36:07.089 ");
        assertThat(StampedConsoleWriter.timeOfDay(-1, TimeZone.getTimeZone("UTC"))).isEqualTo("23:59:59.999 ");
    }

    /** What tinylog's {date:HH:mm:ss.SSS} prints (java.time), across both daylight saving changes of a year. */
    @Test
    void agreesWithJavaTimeAcrossDaylightSavingChanges() {
        for (String id : new String[]{"America/New_York", "Europe/Paris", "Australia/Lord_Howe", "UTC"}) {
            var expected = DateTimeFormatter.ofPattern("HH:mm:ss.SSS ").withZone(ZoneId.of(id));
            TimeZone zone = TimeZone.getTimeZone(id);
            long start = Instant.parse("2026-01-01T00:00:00.000Z").toEpochMilli();
            long year = 366L * 86_400_000L;
            // Every 7 minutes and 13.457 seconds of 2026: each hour of each day is reached, both changes included.
            for (long t = start; t < start + year; t += 433_457) {
                assertThat(StampedConsoleWriter.timeOfDay(t, zone)).as(id + " at " + Instant.ofEpochMilli(t))
                        .isEqualTo(expected.format(Instant.ofEpochMilli(t)));
            }
        }
    }
}

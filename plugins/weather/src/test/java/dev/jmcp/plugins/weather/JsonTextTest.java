package dev.jmcp.plugins.weather;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class JsonTextTest {
    private static Object parse(String json) {
        return JsonText.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsAnOpenMeteoAnswerIntoPlainTrees() {
        Object tree = parse(" {\"timezone\":\"Europe/Berlin\",\"hourly\":{\"time\":[\"2026-01-01T00:00\"],"
                + "\"temperature_2m\":[-1.5e0,null]},\"ok\":true,\"no\":false,\"s\":\"a\\\"\\u00e9\\n\"} ");
        assertThat(tree).isEqualTo(Map.of("timezone", "Europe/Berlin", "hourly", Map.of("time",
                List.of("2026-01-01T00:00"), "temperature_2m", Arrays.asList(-1.5, null)), "ok", true, "no", false,
                "s", "a\"é\n"));
    }

    @Test
    void refusesWhatIsNotJsonSayingWhere() {
        for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "01", "\"open", "tru", "{} x", "[".repeat(100))) {
            assertThatThrownBy(() -> parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("at character");
        }
    }
}

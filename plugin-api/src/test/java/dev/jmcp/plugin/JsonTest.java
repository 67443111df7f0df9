package dev.jmcp.plugin;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class JsonTest {

    @Test
    void aWebApisAnswerBecomesPlainTrees() {
        Object tree = Json.parse(" {\"timezone\":\"Europe/Berlin\",\"hourly\":{\"time\":[\"2026-01-01T00:00\"],"
                + "\"temperature_2m\":[-1.5e0,null]},\"ok\":true,\"no\":false,\"s\":\"a\\\"\\u00e9\\n\"} ");
        assertThat(tree).isEqualTo(Map.of("timezone", "Europe/Berlin", "hourly", Map.of("time",
                List.of("2026-01-01T00:00"), "temperature_2m", Arrays.asList(-1.5, null)), "ok", true, "no", false,
                "s", "a\"é\n"));
    }

    @Test
    void whatIsNotOneJsonTextIsAnIllegalArgumentSayingWhy() {
        for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "01", "\"open", "tru", "{} x")) {
            assertThatThrownBy(() -> Json.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .message().isNotBlank().doesNotStartWith("Parse error");
        }
        assertThatThrownBy(() -> Json.parse("[".repeat(100_000))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTreeIsWrittenAsJsonThatReadsBackTheSame() {
        var tree = new java.util.LinkedHashMap<String, Object>();
        tree.put("id", "a\"b\\c\n\u0001é");
        tree.put("n", 3);
        tree.put("list", Arrays.asList(true, null, 1.5));
        String text = Json.write(tree);
        assertThat(text).startsWith("{\"id\":\"a\\\"b\\\\c\\n\\u0001é\",\"n\":3,");
        assertThat(Json.parse(text)).isEqualTo(tree);
    }
}

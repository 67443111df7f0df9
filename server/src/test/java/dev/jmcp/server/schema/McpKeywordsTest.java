package dev.jmcp.server.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The schema keywords MCP adds are known to the validator: no warning, no constraint. */
@Timeout(30)
class McpKeywordsTest {

    @Test
    void xMcpHeaderAndKeywordsNoDialectDefinesAreReadSilentlyInBothDialectsAndConstrainNothing() {
        var err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            for (String dialect : List.of("https://json-schema.org/draft/2020-12/schema",
                    "http://json-schema.org/draft-07/schema#")) {
                var validator = JsonSchemas.validator(Map.of("$schema", dialect, "type", "object",
                        "properties", Map.of("region", Map.of("type", "string", "x-mcp-header", "Region",
                                "opt_fields", "a keyword of a mounted server's own"))));
                assertThat(validator.validate(Map.of("region", "eu"))).isEmpty();
                assertThat(validator.validate(Map.of("region", 3))).hasSize(1);
            }
        } finally {
            System.setErr(original);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("Unknown keyword").doesNotContain("x-mcp-header")
                .doesNotContain("opt_fields");
    }
}

package dev.jmcp.testkit;

import static org.assertj.core.api.Assertions.assertThat;

/** The property every error message built from hostile input must keep: nothing of a library's or our internals. */
public final class Readable {
    private Readable() {
    }

    public static void assertReadable(String message) {
        assertThat(message).isNotNull();
        // A message may quote what the client sent ('...'); only the rest is ours to keep clean.
        String ours = message.replaceAll("'[^']*'", "''");
        assertThat(ours).isNotBlank().doesNotContain("Feature", "Constraints", "java.", "dev.jmcp", "JsonToken",
                "Source:", "REDACTED", "bound as", "com.fasterxml", "Exception", "jetty", "\tat ");
    }
}

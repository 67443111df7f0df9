package dev.jmcp.protocol;

import dev.jmcp.protocol.jsonrpc.ErrorCodes;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

import static dev.jmcp.protocol.ProtocolVersion.V2024_11_05;
import static dev.jmcp.protocol.ProtocolVersion.V2025_03_26;
import static dev.jmcp.protocol.ProtocolVersion.V2025_06_18;
import static dev.jmcp.protocol.ProtocolVersion.V2025_11_25;
import static dev.jmcp.protocol.ProtocolVersion.V2026_07_28;
import static org.assertj.core.api.Assertions.assertThat;

/** The revision table: each difference starts in the revision whose changelog introduces it, and nowhere else. */
class ProtocolVersionTest {

    private static List<ProtocolVersion> having(Predicate<ProtocolVersion> feature) {
        return Arrays.stream(ProtocolVersion.values()).filter(feature).toList();
    }

    @Test
    void eachFeatureStartsInItsRevision() {
        assertThat(having(ProtocolVersion::hasAudioContent)).containsExactly(V2025_03_26, V2025_06_18, V2025_11_25, V2026_07_28);
        assertThat(having(ProtocolVersion::hasToolAnnotations)).startsWith(V2025_03_26);
        assertThat(having(ProtocolVersion::hasProgressMessage)).startsWith(V2025_03_26);
        assertThat(having(ProtocolVersion::hasTitles)).containsExactly(V2025_06_18, V2025_11_25, V2026_07_28);
        assertThat(having(ProtocolVersion::hasStructuredContent)).startsWith(V2025_06_18);
        assertThat(having(ProtocolVersion::hasResourceLinks)).startsWith(V2025_06_18);
        assertThat(having(ProtocolVersion::hasElicitation)).startsWith(V2025_06_18);
        assertThat(having(ProtocolVersion::hasCompletionContext)).startsWith(V2025_06_18);
        assertThat(having(ProtocolVersion::hasIcons)).containsExactly(V2025_11_25, V2026_07_28);
        assertThat(having(ProtocolVersion::hasUrlElicitation)).containsExactly(V2025_11_25, V2026_07_28);
        assertThat(having(ProtocolVersion::reportsToolInputErrorsAsResults)).containsExactly(V2025_11_25, V2026_07_28);
        assertThat(having(ProtocolVersion::hasResultTypes)).containsExactly(V2026_07_28);
        assertThat(having(ProtocolVersion::isStateless)).containsExactly(V2026_07_28);
    }

    @Test
    void onlyTheRevisionThatHadBatchesAcceptsThem() {
        assertThat(having(ProtocolVersion::allowsBatches)).containsExactly(V2025_03_26);
    }

    @Test
    void aMissingResourceIsMinus32002UntilTheStatelessRevision() {
        assertThat(V2025_11_25.resourceNotFoundCode()).isEqualTo(ErrorCodes.RESOURCE_NOT_FOUND);
        assertThat(V2026_07_28.resourceNotFoundCode()).isEqualTo(ErrorCodes.INVALID_PARAMS);
    }

    @Test
    void wireNamesRoundTripAndUnknownOnesAreEmpty() {
        for (var v : ProtocolVersion.values()) assertThat(ProtocolVersion.fromWire(v.wire())).contains(v);
        assertThat(ProtocolVersion.fromWire("2099-01-01")).isEmpty();
        assertThat(ProtocolVersion.fromWire(null)).isEmpty();
        assertThat(ProtocolVersion.statefulFromWire("2026-07-28")).isEmpty();
        assertThat(ProtocolVersion.statefulFromWire("2025-06-18")).contains(V2025_06_18);
        assertThat(ProtocolVersion.stateful()).containsExactly(V2024_11_05, V2025_03_26, V2025_06_18, V2025_11_25);
        assertThat(ProtocolVersion.LATEST_STATEFUL).isEqualTo(V2025_11_25);
    }
}

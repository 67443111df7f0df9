package dev.jmcp.protocol.jsonrpc;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The one reading of an id from a JSON tree, which the envelope, cancellations and both transports share. */
class RequestIdTest {
    @Test
    void stringsAndIntegersWithinALongAreIdsAndEqualWhateverTheirWidth() {
        assertThat(RequestId.fromTree("a")).contains(RequestId.of("a"));
        assertThat(RequestId.fromTree(7)).contains(RequestId.of(7L));
        assertThat(RequestId.fromTree(7L)).isEqualTo(RequestId.fromTree(7));
        assertThat(RequestId.fromTree(Long.MAX_VALUE)).contains(RequestId.of(Long.MAX_VALUE));
        assertThat(RequestId.fromTree("7")).as("a string is not a number").isNotEqualTo(RequestId.fromTree(7));
    }

    @Test
    void anythingElseNamesNoRequest() {
        for (Object value : new Object[]{null, 1.5, BigInteger.TWO.pow(70), true, Map.of(), List.of()}) {
            assertThat(RequestId.fromTree(value)).as(String.valueOf(value)).isEmpty();
        }
    }
}

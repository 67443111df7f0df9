package dev.jmcp.server.stdio;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The descriptor {@code bin/jmcp} names in {@code jmcp.protocol.descriptor}. Writing to it is covered by the
 * distribution's tests, which start the launcher; here, what a wrong value or a JVM started without the launcher's
 * options gets.
 */
class MovedDescriptorTest {

    @Test
    void onlyADescriptorAboveTheStandardOnesIsTaken() {
        for (String value : new String[]{"1", "2", "-1", "three", ""}) {
            assertThatThrownBy(() -> StandardOutput.movedDescriptor(value)).isInstanceOf(IOException.class)
                    .hasMessageContaining("must name a descriptor above 2").hasMessageContaining("'" + value + "'");
        }
    }

    @Test
    void withoutJavaIoOpenedItSaysHowToStartJmcp() {
        // The tests' JVM does not open java.io, as bin/jmcp does.
        assertThatThrownBy(() -> StandardOutput.movedDescriptor("3")).isInstanceOf(IOException.class)
                .hasMessageContaining("cannot write the protocol to descriptor 3")
                .hasMessageContaining("start jmcp with bin/jmcp, or without jmcp.protocol.descriptor");
    }
}

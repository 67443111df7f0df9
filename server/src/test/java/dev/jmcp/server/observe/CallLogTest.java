package dev.jmcp.server.observe;

import dev.jmcp.protocol.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The one line per call of {@code --log-calls}: what it says about a call, and who made it. */
@Timeout(10)
class CallLogTest {
    private static final CallOutcome OK = new CallOutcome(CallOutcome.Kind.OK, 0, null, 2_500_000);

    @Test
    void aToolCalledThroughCallToolIsLoggedAsThatToolViaCallTool() {
        var call = new CallInfo("tools/call", Target.TOOL, "get_weather", RequestId.of(7), "2025-11-25", "s1", Map.of(), 0,
                "alice", "127.0.0.1", "call_tool");
        assertThat(CallLog.line(call, "weather", OK)).isEqualTo("call method=tools/call target=get_weather"
                + " via=call_tool plugin=weather session=s1 revision=2025-11-25 caller=alice address=127.0.0.1 id=7"
                + " outcome=ok duration_ms=2.500");
    }

    @Test
    void aDirectCallSaysNoVia() {
        var call = new CallInfo("tools/call", Target.TOOL, "get_weather", RequestId.of(8), "2026-07-28", null, Map.of(), 0);
        assertThat(CallLog.line(call, null, OK)).isEqualTo("call method=tools/call target=get_weather"
                + " revision=2026-07-28 id=8 outcome=ok duration_ms=2.500");
    }
}

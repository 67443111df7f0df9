package dev.jmcp.client.http;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SseReaderTest {

    private static SseReader reader(String stream) {
        return new SseReader(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)), 1024);
    }

    @Test
    void dataLinesOfOneEventAreJoinedWithLineFeeds() throws IOException {
        var sse = reader("data: {\"a\":\ndata: 1}\n\n");
        assertThat(sse.next()).isEqualTo(new SseEvent("message", null, "{\"a\":\n1}"));
        assertThat(sse.next()).isNull();
    }

    @Test
    void aPrimingEventSetsTheLastEventIdAndRetryWithEmptyData() throws IOException {
        var sse = reader("id: 3-0\nretry: 1500\ndata: \n\nid: 3-1\ndata: {}\n\n");
        SseEvent priming = sse.next();
        assertThat(priming.data()).isEmpty();
        assertThat(sse.lastEventId()).isEqualTo("3-0");
        assertThat(sse.retryMillis()).isEqualTo(1500L);
        assertThat(sse.next()).isEqualTo(new SseEvent("message", "3-1", "{}"));
        assertThat(sse.lastEventId()).isEqualTo("3-1");
    }

    @Test
    void commentsAndUnknownFieldsAreIgnoredAndEventTypesKept() throws IOException {
        var sse = reader(": keep-alive\n\nfoo: bar\nevent: endpoint\ndata:/messages?sessionId=1\n\n");
        assertThat(sse.next()).isEqualTo(new SseEvent("endpoint", null, "/messages?sessionId=1"));
        assertThat(sse.next()).isNull();
    }

    @Test
    void carriageReturnsAloneOrBeforeLineFeedsEndLines() throws IOException {
        var sse = reader("data: one\r\n\r\ndata: two\r\rdata: three\n\n");
        assertThat(sse.next().data()).isEqualTo("one");
        assertThat(sse.next().data()).isEqualTo("two");
        assertThat(sse.next().data()).isEqualTo("three");
    }

    @Test
    void anEventCutOffByTheEndOfTheStreamIsDropped() throws IOException {
        var sse = reader("data: whole\n\ndata: cut");
        assertThat(sse.next().data()).isEqualTo("whole");
        assertThat(sse.next()).isNull();
    }

    @Test
    void aBadRetryValueIsIgnored() throws IOException {
        var sse = reader("retry: soon\ndata: x\n\n");
        assertThat(sse.next().data()).isEqualTo("x");
        assertThat(sse.retryMillis()).isNull();
    }

    @Test
    void anOversizedEventIsAnError() {
        var sse = reader("data: " + "x".repeat(600) + "\ndata: " + "y".repeat(600) + "\n\n");
        assertThatThrownBy(sse::next).isInstanceOf(IOException.class).hasMessageContaining("1024");
    }
}

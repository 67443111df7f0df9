package dev.jmcp.plugins.everything;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class NotifyingToolsTest {
    private final RecordingRegistrar registrar = Fixture.registered();

    /** Calls {@code tool} without arguments in {@code context}. */
    private CallToolResult call(String tool, RecordingContext context) throws Exception {
        return registrar.tools().get(tool).handler().call(Map.of(), context);
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void progressToolReportsZeroFiftyHundredOfHundred() throws Exception {
        var context = RecordingContext.withProgressToken();
        var result = call("test_tool_with_progress", context);
        assertThat(result.failed()).isFalse();
        assertThat(context.progressNotifications()).extracting(RecordingContext.Progress::progress)
                .containsExactly(0.0, 50.0, 100.0);
        assertThat(context.progressNotifications()).allSatisfy(p -> assertThat(p.total()).isEqualTo(100.0));
    }

    @Test
    void progressToolStillAnswersWhenTheRequestHadNoToken() throws Exception {
        var context = RecordingContext.plain();
        var result = call("test_tool_with_progress", context);
        assertThat(text(result)).contains("no progress token");
        assertThat(context.progressNotifications()).isEmpty();
    }

    @Test
    void loggingToolSendsThreeInfoMessagesInOrder() throws Exception {
        var context = RecordingContext.plain();
        var result = call("test_tool_with_logging", context);
        assertThat(result.failed()).isFalse();
        assertThat(context.logMessages()).extracting(RecordingContext.Log::data).containsExactly(
                "Tool execution started", "Tool processing data", "Tool execution completed");
        assertThat(context.logMessages()).allSatisfy(l -> assertThat(l.level()).isEqualTo(LoggingLevel.INFO));
    }

    @Test
    void reconnectionToolClosesTheResponseConnectionAndStillAnswers() throws Exception {
        var context = RecordingContext.builder().closableResponseConnection(true).build();
        var result = call("test_reconnection", context);
        assertThat(context.responseConnectionCloses()).isEqualTo(1);
        assertThat(result.failed()).isFalse();
        assertThat(text(result)).startsWith("Reconnection test completed successfully");
    }

    @Test
    void reconnectionToolAnswersNormallyWhereNoConnectionCanBeClosed() throws Exception {
        var context = RecordingContext.plain();
        var result = call("test_reconnection", context);
        assertThat(context.responseConnectionCloses()).isEqualTo(1);
        assertThat(result.failed()).isFalse();
        assertThat(text(result)).contains("without a disconnection");
    }

    @Test
    void changingTheWatchedResourceNotifiesItsSubscribersAndChangesWhatReadsSee() throws Exception {
        var watched = registrar.resources().get("test://watched-resource").handler();
        var before = watched.read("test://watched-resource", RecordingContext.plain());
        var context = RecordingContext.plain();
        var result = call("test_watched_resource_update", context);
        var after = watched.read("test://watched-resource", RecordingContext.plain());
        assertThat(context.updatedUris()).containsExactly("test://watched-resource");
        assertThat(after).isNotEqualTo(before);
        assertThat(Fixture.wire(after.contents().getFirst())).containsEntry("text", text(result));
    }
}

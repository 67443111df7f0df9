package dev.jmcp.testkit;

import dev.jmcp.plugin.ClientRequestException;
import dev.jmcp.plugin.InputRequest;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.CreateMessageResult;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.LoggingLevel;
import dev.jmcp.protocol.Role;
import dev.jmcp.protocol.Root;
import dev.jmcp.protocol.TextContent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class RecordingContextTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void plainContextDropsProgressButRecordsLogsUpdatesAndCloses() {
        var context = RecordingContext.plain();

        context.progress(1, 2.0, "half");
        context.log(LoggingLevel.WARNING, "disk", "almost full");
        context.resourceUpdated("file:///a");
        boolean closed = context.closeResponseConnection();

        assertThat(context.hasProgressToken()).isFalse();
        assertThat(context.progressNotifications()).isEmpty();
        assertThat(context.logMessages()).containsExactly(new RecordingContext.Log(LoggingLevel.WARNING, "disk",
                "almost full"));
        assertThat(context.updatedUris()).containsExactly("file:///a");
        assertThat(closed).isFalse();
        assertThat(context.responseConnectionCloses()).isEqualTo(1);
        assertThat(context.protocolVersion()).isEqualTo("2025-11-25");
        assertThat(context.config().get("anything")).isEmpty();
    }

    @Test
    void progressFromAnotherThreadIsAwaitedUntilItArrivesOrTheDeadlinePasses() throws Exception {
        var context = RecordingContext.withProgressToken();
        var go = new CountDownLatch(1);
        Thread reporter = Thread.ofVirtual().start(() -> {
            try {
                if (go.await(10, TimeUnit.SECONDS)) context.progress(1, null, "first");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        go.countDown();

        assertThat(context.awaitProgress(1, TIMEOUT)).isTrue();
        assertThat(reporter.join(TIMEOUT)).isTrue();
        assertThat(context.progressNotifications()).containsExactly(new RecordingContext.Progress(1, null, "first"));
        assertThat(context.awaitProgress(2, Duration.ofMillis(50))).isFalse();
    }

    @Test
    void clientRequestsWithoutAConfiguredAnswerAreNotSupported() {
        var context = RecordingContext.plain();

        assertThat(context.clientSupportsRoots()).isFalse();
        assertThat(context.clientSupportsSampling()).isFalse();
        assertThat(context.clientSupportsElicitation()).isFalse();
        assertThat(context.clientSupportsUrlElicitation()).isFalse();
        assertThatThrownBy(context::roots).isInstanceOfSatisfying(ClientRequestException.class,
                e -> assertThat(e.reason()).isEqualTo(ClientRequestException.Reason.NOT_SUPPORTED));
        assertThatThrownBy(() -> context.sample(new CreateMessageRequest("hi", 10), TIMEOUT))
                .isInstanceOf(ClientRequestException.class);
        assertThatThrownBy(() -> context.elicit(ElicitRequest.form("name?", Map.of()), TIMEOUT))
                .isInstanceOf(ClientRequestException.class);
        assertThat(context.samplingRequests()).isEmpty();
        assertThat(context.elicitRequests()).isEmpty();
    }

    @Test
    void configuredAnswersAreDeclaredRecordedAndReturned() {
        var answer = new CreateMessageResult(Role.ASSISTANT, new TextContent("hello"), "model", "endTurn");
        var context = RecordingContext.builder()
                .protocolVersion("2025-06-18")
                .config(Map.of("key", "value"))
                .sampling(request -> answer)
                .elicitation(request -> new ElicitResult("decline", null))
                .urlElicitation()
                .roots(List.of(new Root("file:///work", "work")))
                .build();
        var question = new CreateMessageRequest("hi", 10);
        var form = ElicitRequest.form("name?", Map.of());

        assertThat(context.protocolVersion()).isEqualTo("2025-06-18");
        assertThat(context.config().get("key")).contains("value");
        assertThat(context.clientSupportsSampling()).isTrue();
        assertThat(context.clientSupportsElicitation()).isTrue();
        assertThat(context.clientSupportsUrlElicitation()).isTrue();
        assertThat(context.clientSupportsRoots()).isTrue();
        assertThat(context.sample(question, TIMEOUT)).isSameAs(answer);
        assertThat(context.elicit(form, TIMEOUT).action()).isEqualTo("decline");
        assertThat(context.roots()).containsExactly(new Root("file:///work", "work"));
        assertThat(context.samplingRequests()).containsExactly(question);
        assertThat(context.elicitRequests()).containsExactly(form);
    }

    @Test
    void cancelAndAnInterruptedThreadBothCountAsCancelled() throws Exception {
        var context = RecordingContext.plain();
        assertThat(context.isCancelled()).isFalse();

        var seen = new ArrayBlockingQueue<Boolean>(1);
        Thread interrupted = Thread.ofVirtual().unstarted(() -> seen.add(context.isCancelled()));
        interrupted.interrupt();
        interrupted.start();
        assertThat(seen.poll(5, TimeUnit.SECONDS)).isTrue();

        context.cancel();
        assertThat(context.isCancelled()).isTrue();
    }

    @Test
    void urlElicitationWithoutAnElicitationAnswerIsRefused() {
        assertThatThrownBy(() -> RecordingContext.builder().urlElicitation().build())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void requestInputsAnswersEachInputByItsKeyAndRecordsTheBatch() {
        var context = RecordingContext.builder()
                .elicitation(request -> new ElicitResult("accept", Map.of("name", "Alice")))
                .roots(List.of(new Root("file:///test/root", "Test Root")))
                .build();
        var requests = new LinkedHashMap<String, InputRequest>();
        requests.put("user_name", InputRequest.elicit(ElicitRequest.form("Name?", Map.of("type", "object"))));
        requests.put("client_roots", InputRequest.listRoots());

        var answers = context.requestInputs(requests, Duration.ofSeconds(1));

        assertThat(answers.elicitation("user_name").content()).containsEntry("name", "Alice");
        assertThat(answers.roots("client_roots")).containsExactly(new Root("file:///test/root", "Test Root"));
        assertThat(context.inputBatches()).hasSize(1);
        assertThat(context.inputBatches().getFirst().keySet()).containsExactly("user_name", "client_roots");
    }

    @Test
    void requestInputsForAnUndeclaredCapabilityFailsButIsStillRecorded() {
        var context = RecordingContext.plain();
        var requests = Map.of("question", InputRequest.sample(new CreateMessageRequest("Hi?", 10)));

        assertThatThrownBy(() -> context.requestInputs(requests, Duration.ofSeconds(1)))
                .isInstanceOf(ClientRequestException.class);
        assertThat(context.inputBatches()).containsExactly(requests);
    }
}

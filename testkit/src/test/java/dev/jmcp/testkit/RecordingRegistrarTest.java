package dev.jmcp.testkit;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.Tool;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordingRegistrarTest {

    private static Tool tool(String name) {
        return new Tool(name, "does " + name, Tool.NO_ARGUMENTS);
    }

    @Test
    void keepsDeclarationsInOrderWithTheirHandlers() throws Exception {
        var registrar = new RecordingRegistrar();
        registrar.tool(tool("b"), (arguments, context) -> CallToolResult.text("from b"))
                .tool(tool("a"), (arguments, context) -> CallToolResult.text("from a"))
                .promptCompletion("review", "language", (typed, resolved, context) -> Completion.empty());

        assertThat(registrar.tools().keySet()).containsExactly("b", "a");
        assertThat(registrar.tools().get("a").declaration()).isEqualTo(tool("a"));
        assertThat(registrar.tools().get("a").handler().call(Map.of(), RecordingContext.plain()))
                .isEqualTo(CallToolResult.text("from a"));
        assertThat(registrar.promptCompletions()).containsOnlyKeys("review/language");
        assertThat(registrar.config().get("anything")).isEmpty();
    }

    @Test
    void aNameDeclaredTwiceIsRefused() {
        var registrar = new RecordingRegistrar();
        registrar.tool(tool("same"), (arguments, context) -> CallToolResult.text("first"));

        assertThatThrownBy(() -> registrar.tool(tool("same"), (arguments, context) -> CallToolResult.text("second")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("same");
    }

    @Test
    void annotatedObjectsGoToTheGivenReaderOrAreRefused() {
        assertThatThrownBy(() -> new RecordingRegistrar().annotated(new Object()))
                .isInstanceOf(UnsupportedOperationException.class);

        List<Object> read = new ArrayList<>();
        var instance = new Object();
        var registrar = new RecordingRegistrar(Map.of("key", "value"), (object, target) -> {
            read.add(object);
            target.tool(tool("annotated"), (arguments, context) -> CallToolResult.text("ok"));
        });
        Registrar returned = registrar.annotated(instance);

        assertThat(returned).isSameAs(registrar);
        assertThat(read).containsExactly(instance);
        assertThat(registrar.tools()).containsOnlyKeys("annotated");
        assertThat(registrar.config().get("key")).contains("value");
    }
}

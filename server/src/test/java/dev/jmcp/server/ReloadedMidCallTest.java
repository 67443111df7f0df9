package dev.jmcp.server;

import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.PromptMessage;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Lease;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.registry.Registry;
import dev.jmcp.server.registry.ResourceEntry;
import dev.jmcp.server.registry.ResourceTemplateEntry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.registry.UriTemplate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plugin reloaded between the moment a request saw the registry and the moment it enters the plugin: whatever the
 * request calls (a tool, a prompt, a resource by its URI or by a template, a completion) it runs on the plugin's
 * successor; if the plugin was removed it gets the answer for something unknown; and if the successor was closed too
 * it is told to try again. Never a call into a closed plugin, never a lease left entered.
 */
@Timeout(30)
class ReloadedMidCallTest {
    private final AtomicReference<Registry> registry = new AtomicReference<>();
    private final Version first = new Version("plugin v1");
    private final Version second = new Version("plugin v2");
    private InitializedSession server;
    private int nextId = 1;

    /** What a request calls, and how to read which version answered it. */
    enum Called {
        TOOL("tools/call", "{\"name\":\"whoami\",\"arguments\":{}}"),
        PROMPT("prompts/get", "{\"name\":\"greet\",\"arguments\":{\"name\":\"Ada\"}}"),
        RESOURCE("resources/read", "{\"uri\":\"test://version\"}"),
        TEMPLATE("resources/read", "{\"uri\":\"test://items/7\"}"),
        COMPLETION("completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},\"argument\":{\"name\":\"name\",\"value\":\"\"}}");

        final String method;
        final String params;

        Called(String method, String params) {
            this.method = method;
            this.params = params;
        }

        @SuppressWarnings("unchecked")
        String answeredBy(Map<String, Object> result) {
            return switch (this) {
                case TOOL -> (String) ((List<Map<String, Object>>) result.get("content")).getFirst().get("text");
                case PROMPT -> (String) ((Map<String, Object>) ((List<Map<String, Object>>) result.get("messages"))
                        .getFirst().get("content")).get("text");
                case RESOURCE, TEMPLATE -> (String) ((List<Map<String, Object>>) result.get("contents")).getFirst()
                        .get("text");
                case COMPLETION -> String.join(",", (List<String>) ((Map<String, Object>) result.get("completion"))
                        .get("values"));
            };
        }
    }

    @BeforeEach
    void start() throws InterruptedException {
        registry.set(snapshot(first));
        server = new InitializedSession("reload-race", registry::get, "2025-11-25");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(Called.class)
    void aCallThatMeetsAReloadRunsOnTheSuccessor(Called called) throws Exception {
        first.reloadOnNextEnter(() -> registry.set(snapshot(second)));

        var result = result(request(called));

        assertThat(called.answeredBy(result)).contains("plugin v2");
        assertThat(first.calls).as("the closed version ran nothing").isZero();
        assertThat(second.lease.retire()).as("the successor's lease was left, so it can close").isTrue();
    }

    @ParameterizedTest
    @EnumSource(Called.class)
    void aCallThatMeetsTheRemovalOfItsPluginGetsTheAnswerForSomethingUnknown(Called called) throws Exception {
        first.reloadOnNextEnter(() -> registry.set(Registry.EMPTY));

        var answer = request(called);

        switch (called) {
            case TOOL, PROMPT -> assertThat(code(answer)).isEqualTo(-32602);
            case RESOURCE, TEMPLATE -> assertThat(code(answer)).isEqualTo(-32002);
            case COMPLETION -> assertThat(called.answeredBy(result(answer))).isEmpty();
        }
        assertThat(first.calls).isZero();
    }

    @ParameterizedTest
    @EnumSource(Called.class)
    void aCallWhoseSuccessorIsClosedTooIsToldToTryAgain(Called called) throws Exception {
        first.reloadOnNextEnter(() -> {
            registry.set(snapshot(second));
            second.lease.retire();
        });

        var answer = request(called);

        assertThat(code(answer)).isEqualTo(-32603);
        assertThat(message(answer)).endsWith("is being reloaded; try again");
        assertThat(first.calls + second.calls).isZero();
        assertThat(result(request(Called.TOOL, "{\"name\":\"unrelated\",\"arguments\":{}}")))
                .as("the session serves on").isNotNull();
    }

    private Map<String, Object> request(Called called) throws InterruptedException {
        return request(called, called.params);
    }

    private Map<String, Object> request(Called called, String params) throws InterruptedException {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + called.method + "\",\"params\":"
                + params + "}");
        return server.client.nextObject();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(Map<String, Object> answer) {
        assertThat(answer).as("answer %s", answer).containsKey("result");
        return (Map<String, Object>) answer.get("result");
    }

    @SuppressWarnings("unchecked")
    private static int code(Map<String, Object> answer) {
        assertThat(answer).as("answer %s", answer).containsKey("error");
        return ((Number) ((Map<String, Object>) answer.get("error")).get("code")).intValue();
    }

    @SuppressWarnings("unchecked")
    private static String message(Map<String, Object> answer) {
        return (String) ((Map<String, Object>) answer.get("error")).get("message");
    }

    /** Everything one version of the plugin serves, each answer naming the version; and a built-in tool beside it. */
    private static Registry snapshot(Version version) {
        Owner owner = version;
        var tool = new ToolEntry(new Tool("whoami", "Says which version answers", null), (args, ctx) -> {
            version.calls++;
            return CallToolResult.text(version.name);
        }, ArgumentsValidator.ACCEPT_ALL, owner);
        var prompt = new PromptEntry(new Prompt("greet", "Greets someone",
                List.of(new PromptArgument("name", "Who to greet", true))), (args, ctx) -> {
            version.calls++;
            return new GetPromptResult("A greeting", List.of(PromptMessage.user(version.name + " greets " + args.get("name"))));
        }, owner);
        var resource = new ResourceEntry(new Resource("test://version", "version", "Which version", "text/plain"),
                (uri, ctx) -> {
                    version.calls++;
                    return ReadResourceResult.text(uri, "text/plain", version.name);
                }, owner);
        var template = new ResourceTemplate("test://items/{id}", "item", "An item by id", "text/plain");
        var templates = new ResourceTemplateEntry(template, new UriTemplate(template.uriTemplate()),
                (uri, variables, ctx) -> {
                    version.calls++;
                    return ReadResourceResult.text(uri, "text/plain", version.name + " item " + variables.get("id"));
                }, owner);
        var completion = new CompletionEntry(CompletionEntry.Kind.PROMPT, "greet", "name", (value, resolved, ctx) -> {
            version.calls++;
            return Completion.of(List.of(version.name));
        }, owner);
        var plugin = new Contribution(owner, List.of(tool), List.of(prompt), List.of(resource), List.of(templates),
                List.of(completion), List.of());
        var builtIn = new Contribution(Owner.BUILT_IN, List.of(new ToolEntry(new Tool("unrelated", "Another plugin's tool",
                null), (args, ctx) -> CallToolResult.text("fine"), ArgumentsValidator.ACCEPT_ALL, Owner.BUILT_IN)),
                List.of(), List.of(), List.of(), List.of(), List.of());
        return Registry.of(List.of(plugin, builtIn));
    }

    /**
     * One version of a plugin, with the lease every plugin kind uses. {@link #reloadOnNextEnter} makes the reload
     * happen at the worst moment: after the request saw the registry, as it enters this version.
     */
    private static final class Version implements Owner {
        final String name;
        final Lease lease;
        volatile int calls;
        private volatile Runnable reload;

        Version(String name) {
            this.name = name;
            this.lease = new Lease(name);
        }

        void reloadOnNextEnter(Runnable publishNext) {
            reload = () -> {
                publishNext.run();
                lease.retire();
            };
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean enter() {
            Runnable now = reload;
            reload = null;
            if (now != null) now.run();
            return lease.enter();
        }

        @Override
        public void exit() {
            lease.exit();
        }
    }
}

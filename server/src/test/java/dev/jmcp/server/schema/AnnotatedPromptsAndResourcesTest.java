package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.McpResourceTemplate;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ResourceNotFoundException;
import dev.jmcp.protocol.BlobResourceContents;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.PromptMessage;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.TextResourceContents;
import dev.jmcp.testkit.RecordingContext;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnnotatedPromptsAndResourcesTest {

    public static class Library {
        @McpPrompt(title = "Review", description = "Review some code")
        public String review(@Arg(description = "the code") String code, @Arg(name = "lang", required = false) String language) {
            return "Review this " + (language == null ? "code" : language) + ": " + code;
        }

        @McpPrompt
        public List<PromptMessage> dialogue(String topic, RequestContext context) {
            return List.of(PromptMessage.user(topic), PromptMessage.assistant(context.protocolVersion()));
        }

        @McpPrompt(name = "single")
        public PromptMessage one() {
            return PromptMessage.assistant("hello");
        }

        @McpPrompt
        public GetPromptResult full() {
            return new GetPromptResult("mine", List.of(PromptMessage.user("x")));
        }

        @McpResource(uri = "config://app", title = "App config", description = "The settings", mimeType = "application/json")
        public String config() {
            return "{\"debug\":false}";
        }

        @McpResource(uri = "file:///logo.png", name = "logo", mimeType = "image/png")
        public byte[] logo(RequestContext context) {
            return context.protocolVersion().getBytes(StandardCharsets.UTF_8);
        }

        @McpResource(uri = "memo://whole")
        public ReadResourceResult whole() {
            return ReadResourceResult.text("memo://whole", "text/markdown", "# hi");
        }

        @McpResourceTemplate(uriTemplate = "users://{team}/{id}", description = "A team member")
        public String user(String id, @Arg(name = "team") String group, RequestContext context) {
            if (id.equals("nobody")) throw new ResourceNotFoundException("users://" + group + "/" + id);
            return group + "/" + id + "@" + context.protocolVersion();
        }
    }

    private final RecordingRegistrar registrar = new RecordingRegistrar(Map.of(), AnnotatedMethods::declare);
    private final RecordingContext context = RecordingContext.plain();

    @BeforeEach
    void declare() {
        registrar.annotated(new Library());
    }

    @Test
    void promptArgumentsFollowDeclarationOrder() {
        assertThat(registrar.prompts().get("review").declaration()).isEqualTo(new Prompt("review", "Review",
                "Review some code", List.of(new PromptArgument("code", null, "the code", true),
                new PromptArgument("lang", null, null, false)), null, null));
        assertThat(registrar.prompts().get("dialogue").declaration().arguments())
                .containsExactly(new PromptArgument("topic", null, null, true));
        assertThat(registrar.prompts().get("single").declaration().arguments()).isNull();
    }

    @Test
    void promptReturnKindsBecomeMessages() throws Exception {
        var args = new HashMap<String, String>();
        args.put("code", "x = 1");
        assertThat(registrar.prompts().get("review").handler().get(args, context)).isEqualTo(
                new GetPromptResult("Review some code", List.of(PromptMessage.user("Review this code: x = 1"))));
        args.put("lang", "Python");
        assertThat(registrar.prompts().get("review").handler().get(args, context).messages())
                .containsExactly(PromptMessage.user("Review this Python: x = 1"));
        assertThat(registrar.prompts().get("dialogue").handler().get(Map.of("topic", "t"), context).messages())
                .containsExactly(PromptMessage.user("t"), PromptMessage.assistant("2025-11-25"));
        assertThat(registrar.prompts().get("single").handler().get(Map.of(), context).messages())
                .containsExactly(PromptMessage.assistant("hello"));
        assertThat(registrar.prompts().get("full").handler().get(Map.of(), context).description()).isEqualTo("mine");
    }

    @Test
    void resourcesAreDeclaredWithTheirMimeType() {
        assertThat(registrar.resources().get("config://app").declaration()).isEqualTo(new Resource("config://app",
                "config", "App config", "The settings", "application/json", null, null, null, null));
        assertThat(registrar.resources().get("file:///logo.png").declaration().name()).isEqualTo("logo");
        assertThat(registrar.resources().get("memo://whole").declaration().mimeType()).isEqualTo("text/plain");
    }

    @Test
    void resourceReturnKindsBecomeContents() throws Exception {
        assertThat(registrar.resources().get("config://app").handler().read("config://app", context))
                .isEqualTo(ReadResourceResult.text("config://app", "application/json", "{\"debug\":false}"));
        assertThat(registrar.resources().get("file:///logo.png").handler().read("file:///logo.png", context))
                .isEqualTo(new ReadResourceResult(List.of(new BlobResourceContents("file:///logo.png", "image/png",
                        "MjAyNS0xMS0yNQ=="))));
        assertThat(registrar.resources().get("memo://whole").handler().read("memo://whole", context).contents())
                .containsExactly(new TextResourceContents("memo://whole", "text/markdown", "# hi"));
    }

    @Test
    void templateVariablesBindToParametersByName() throws Exception {
        var declared = registrar.templates().get("users://{team}/{id}");
        assertThat(declared.declaration()).isEqualTo(new ResourceTemplate("users://{team}/{id}", "user", null,
                "A team member", "text/plain", null, null, null));
        assertThat(declared.handler().read("users://core/ann", Map.of("team", "core", "id", "ann"), context))
                .isEqualTo(ReadResourceResult.text("users://core/ann", "text/plain", "core/ann@2025-11-25"));
        assertThatThrownBy(() -> declared.handler().read("users://core/nobody", Map.of("team", "core", "id", "nobody"), context))
                .isExactlyInstanceOf(ResourceNotFoundException.class);
    }
}

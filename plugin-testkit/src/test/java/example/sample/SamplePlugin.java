package example.sample;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.RequestContext;
import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.ElicitResult;
import dev.jmcp.protocol.LoggingLevel;

import java.time.Duration;
import java.util.Map;

/**
 * A plugin as an author writes one, in a package of its own (never under dev.jmcp.plugin, which plugins see from the
 * server); the test-classes folder holds it and its service file.
 */
public final class SamplePlugin implements Plugin {
    @Override
    public void register(Registrar registrar) {
        registrar.annotated(this);
    }

    @McpTool(description = "Greets someone")
    public String greet(@Arg(description = "Who") String name) {
        if (name.isBlank()) throw new ToolException("name must not be blank");
        return "Hello, " + name + "!" + registrarConfigSuffix();
    }

    @McpPrompt(description = "Asks for a haiku")
    public String haiku(String topic) {
        return "Write a haiku about " + topic;
    }

    @McpResource(uri = "sample://motto", description = "The motto")
    public String motto() {
        return "Small and sure.";
    }

    @McpTool(description = "Counts to three, reporting progress and logging each step")
    public String count(RequestContext context) {
        for (int i = 1; i <= 3; i++) {
            context.progress(i, 3.0, "step " + i);
            context.log(LoggingLevel.INFO, "counted " + i);
        }
        return "counted to 3";
    }

    @McpTool(description = "Asks the user their name")
    public String askName(RequestContext context) {
        ElicitResult answer = context.elicit(ElicitRequest.form("Your name?", Map.of("type", "object",
                "properties", Map.of("name", Map.of("type", "string")))), Duration.ofSeconds(10));
        return "accept".equals(answer.action()) ? "Hi " + answer.content().get("name") : "no name";
    }

    @McpTool(description = "Asks the client's model for a title")
    public String title(String text, RequestContext context) {
        return "Title: " + context.sample(new CreateMessageRequest("Title for " + text, 20),
                Duration.ofSeconds(10)).text();
    }

    @McpTool(description = "Names a class of a library the plugin uses (picocli), which its JAR must bundle")
    public String library() {
        return picocli.CommandLine.class.getSimpleName();
    }

    @McpTool(description = "Says the configured greeting")
    public String configured(RequestContext context) {
        return context.config().get("greeting", "(none)");
    }

    private static String registrarConfigSuffix() {
        String punctuation = System.getenv("SAMPLE_SUFFIX");
        return punctuation == null ? "" : punctuation;
    }
}


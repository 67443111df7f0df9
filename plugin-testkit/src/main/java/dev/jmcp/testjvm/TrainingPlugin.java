package dev.jmcp.testjvm;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.plugin.ToolException;

/**
 * The plugin {@link TestJvmTraining} loads: a tool of each common argument type, a prompt and a resource, so that the
 * training takes the server's paths a plugin author's tests take. Outside {@code dev.jmcp.plugin}, whose classes a
 * plugin's class loader takes from the server's, so that it is loaded from its own JAR as every plugin is.
 */
public final class TrainingPlugin implements Plugin {
    @Override
    public void register(Registrar registrar) {
        registrar.annotated(this);
    }

    @McpTool(description = "Greets someone by name", readOnlyHint = true, destructiveHint = false)
    public String greet(@Arg(description = "Who to greet") String name) {
        if (name.isBlank()) throw new ToolException("name must not be blank");
        return "Hello, " + name + "!";
    }

    @McpTool(description = "Repeats a word")
    public String repeat(@Arg(description = "The word") String word, @Arg(description = "How often") int times,
                         @Arg(description = "Upper case?") boolean loud) {
        String text = (word + " ").repeat(times).strip();
        return loud ? text.toUpperCase(java.util.Locale.ROOT) : text;
    }

    @McpPrompt(description = "Asks for a haiku")
    public String haiku(@Arg(description = "Its topic") String topic) {
        return "Write a haiku about " + topic;
    }

    @McpResource(uri = "training://motto", description = "The motto")
    public String motto() {
        return "Small and sure.";
    }
}

package dev.jmcp.server;

import dev.jmcp.plugin.ToolException;
import dev.jmcp.protocol.CallToolResult;
import dev.jmcp.protocol.Completion;
import dev.jmcp.protocol.CreateMessageRequest;
import dev.jmcp.protocol.ElicitRequest;
import dev.jmcp.protocol.GetPromptResult;
import dev.jmcp.protocol.Prompt;
import dev.jmcp.protocol.PromptArgument;
import dev.jmcp.protocol.PromptMessage;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;
import dev.jmcp.protocol.ResourceTemplate;
import dev.jmcp.protocol.TextContent;
import dev.jmcp.protocol.Tool;
import dev.jmcp.server.registry.ArgumentsValidator;
import dev.jmcp.server.registry.CompletionEntry;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;
import dev.jmcp.server.registry.PromptEntry;
import dev.jmcp.server.registry.ResourceEntry;
import dev.jmcp.server.registry.ResourceTemplateEntry;
import dev.jmcp.server.registry.ToolEntry;
import dev.jmcp.server.registry.UriTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;

/** Registry contributions for engine tests: real handlers, built the way the plugin host builds them. */
final class TestContributions {
    final CountDownLatch slowStarted = new CountDownLatch(1);
    final CountDownLatch slowInterrupted = new CountDownLatch(1);

    Contribution contribution(int extraTools) {
        var tools = new ArrayList<ToolEntry>();
        tools.add(tool(new Tool("echo", "Echoes its text", Map.of("type", "object",
                        "properties", Map.of("text", Map.of("type", "string")), "required", List.of("text"))),
                (args, ctx) -> CallToolResult.text("echo: " + args.get("text")),
                args -> args.get("text") instanceof String ? List.of() : List.of("argument 'text' is required")));
        tools.add(tool(new Tool("fail", "Always fails", null), (args, ctx) -> {
            throw new ToolException("it broke on purpose");
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("crash", "Throws an unexpected exception", null), (args, ctx) -> {
            throw new IllegalStateException("unexpected state");
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("slow", "Waits until cancelled", null), (args, ctx) -> {
            slowStarted.countDown();
            try {
                Thread.sleep(Duration.ofMinutes(5));
            } catch (InterruptedException e) {
                slowInterrupted.countDown();
                throw e;
            }
            return CallToolResult.text("never");
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("progress", "Reports progress", null), (args, ctx) -> {
            for (int i = 1; i <= 3; i++) ctx.progress(i, 3.0, "step " + i);
            return CallToolResult.text("done");
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("log", "Logs at every level", null), (args, ctx) -> {
            for (var level : dev.jmcp.protocol.LoggingLevel.values()) ctx.log(level, "test", "at " + level);
            return CallToolResult.text("logged");
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("sample", "Asks the client's model", null), (args, ctx) -> {
            var answer = ctx.sample(new CreateMessageRequest("What is 2+2?", 10), Duration.ofSeconds(5));
            return CallToolResult.text("model said: " + answer.text());
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("elicit", "Asks the user", null), (args, ctx) -> {
            var answer = ctx.elicit(ElicitRequest.form("Your name?", Map.of("type", "object",
                    "properties", Map.of("name", Map.of("type", "string")))), Duration.ofSeconds(5));
            return CallToolResult.text(answer.action() + " " + answer.content());
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("roots", "Lists the client's roots", null), (args, ctx) -> {
            return CallToolResult.text("roots: " + ctx.roots(Duration.ofMillis(
                    ((Number) args.getOrDefault("timeoutMs", 5000)).longValue())));
        }, ArgumentsValidator.ACCEPT_ALL));
        tools.add(tool(new Tool("touch", "Marks a resource updated", null), (args, ctx) -> {
            ctx.resourceUpdated((String) args.get("uri"));
            return CallToolResult.text("touched");
        }, ArgumentsValidator.ACCEPT_ALL));
        var weatherSchema = Map.<String, Object>of("type", "object", "properties",
                Map.of("celsius", Map.of("type", "number")), "required", List.of("celsius"));
        tools.add(new ToolEntry(new Tool("structured", null, "Returns what it is told", null, weatherSchema, null,
                null, null), (args, ctx) -> new CallToolResult(List.of(new TextContent("{}")),
                args.get("out"), null, null), ArgumentsValidator.ACCEPT_ALL,
                dev.jmcp.server.schema.JsonSchemas.outputValidator(weatherSchema), Owner.BUILT_IN));
        tools.add(tool(new Tool("two_steps", "Asks for a name, then a colour", null), (args, ctx) -> {
            var form = Map.<String, Object>of("type", "object", "properties", Map.of("v", Map.of("type", "string")));
            var first = ctx.requestInputs(Map.of("step1", dev.jmcp.plugin.InputRequest.elicit(
                    ElicitRequest.form("Name?", form))), Duration.ofSeconds(5)).elicitation("step1");
            var second = ctx.requestInputs(Map.of("step2", dev.jmcp.plugin.InputRequest.elicit(
                    ElicitRequest.form("Colour?", form))), Duration.ofSeconds(5)).elicitation("step2");
            return CallToolResult.text(first.content().get("v") + " likes " + second.content().get("v"));
        }, ArgumentsValidator.ACCEPT_ALL));
        IntStream.range(0, extraTools).forEach(i -> tools.add(tool(new Tool(String.format("extra_%03d", i),
                "Extra tool " + i, null), (args, ctx) -> CallToolResult.text("x"), ArgumentsValidator.ACCEPT_ALL)));

        var prompt = new Prompt("greet", "Greets someone", List.of(new PromptArgument("name", "Who to greet", true)));
        var prompts = List.of(new PromptEntry(prompt, (args, ctx) -> new GetPromptResult("A greeting",
                List.of(PromptMessage.user("Say hello to " + args.get("name")))), Owner.BUILT_IN));
        var resources = List.of(new ResourceEntry(new Resource("test://static", "static", "A fixed text", "text/plain"),
                (uri, ctx) -> ReadResourceResult.text(uri, "text/plain", "static text"), Owner.BUILT_IN));
        var template = new ResourceTemplate("test://items/{id}", "item", "An item by id", "text/plain");
        var templates = List.of(new ResourceTemplateEntry(template, new UriTemplate(template.uriTemplate()),
                (uri, vars, ctx) -> {
                    if (vars.get("id").equals("missing")) throw new dev.jmcp.plugin.ResourceNotFoundException(uri);
                    return ReadResourceResult.text(uri, "text/plain", "item " + vars.get("id"));
                }, Owner.BUILT_IN));
        var completions = List.of(new CompletionEntry(CompletionEntry.Kind.PROMPT, "greet", "name",
                (value, resolved, ctx) -> Completion.of(List.of("Alice", "Albert", "Bob").stream()
                        .filter(n -> n.toLowerCase().startsWith(value.toLowerCase())).toList()), Owner.BUILT_IN));
        return new Contribution(Owner.BUILT_IN, tools, prompts, resources, templates, completions, List.of());
    }

    private static ToolEntry tool(Tool tool, dev.jmcp.plugin.ToolHandler handler, ArgumentsValidator validator) {
        return new ToolEntry(tool, handler, validator, Owner.BUILT_IN);
    }
}

package dev.jmcp.server.schema;

import dev.jmcp.plugin.Arg;
import dev.jmcp.plugin.McpPrompt;
import dev.jmcp.plugin.McpResource;
import dev.jmcp.plugin.McpResourceTemplate;
import dev.jmcp.plugin.McpTool;
import dev.jmcp.testkit.RecordingRegistrar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeclarationErrorsTest {

    public static class HiddenTool {
        @McpTool
        String secret() {
            return "s";
        }
    }

    public static class PromptWithNumber {
        @McpPrompt
        public String count(int n) {
            return "" + n;
        }
    }

    public static class PromptReturningNumber {
        @McpPrompt
        public int count() {
            return 1;
        }
    }

    public static class TemplateWithStrayParameter {
        @McpResourceTemplate(uriTemplate = "users://{id}")
        public String user(String id, @Arg(name = "team") String team) {
            return id;
        }
    }

    public static class ResourceWithParameter {
        @McpResource(uri = "a://b")
        public String read(String which) {
            return which;
        }
    }

    public static class TwoKinds {
        @McpTool
        @McpPrompt
        public String both() {
            return "";
        }
    }

    public static class OptionalResult {
        @McpTool
        public Optional<String> maybe() {
            return Optional.empty();
        }
    }

    public static class SameNameTwice {
        @McpTool
        public String twice(@Arg(name = "x") String a, @Arg(name = "x") String b) {
            return a + b;
        }
    }

    /** Nothing is declared when any method is wrong, even if others before it were fine. */
    public static class OneGoodOneBad {
        @McpTool
        public String alpha() {
            return "a";
        }

        @McpPrompt
        public String beta(long n) {
            return "b";
        }
    }

    private static String failure(Object instance) {
        var registrar = new RecordingRegistrar();
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> AnnotatedMethods.declare(instance, registrar));
        assertThat(thrown).isInstanceOf(IllegalArgumentException.class);
        assertThat(registrar.tools()).isEmpty();
        assertThat(registrar.prompts()).isEmpty();
        return thrown.getMessage();
    }

    private static final String P = DeclarationErrorsTest.class.getName() + "$";

    @Test
    void annotatedMethodThatIsNotPublicIsRefused() {
        assertThat(failure(new HiddenTool())).isEqualTo(P + "HiddenTool.secret(): an annotated method must be public");
    }

    @Test
    void promptArgumentsMustBeStrings() {
        assertThat(failure(new PromptWithNumber()))
                .isEqualTo(P + "PromptWithNumber.count(int): prompt arguments are strings, but parameter n is int");
        assertThat(failure(new OneGoodOneBad()))
                .isEqualTo(P + "OneGoodOneBad.beta(long): prompt arguments are strings, but parameter n is long");
    }

    @Test
    void promptMustReturnMessages() {
        assertThat(failure(new PromptReturningNumber())).isEqualTo(P + "PromptReturningNumber.count(): a prompt returns"
                + " GetPromptResult, List<PromptMessage>, PromptMessage or String, not int");
    }

    @Test
    void templateParameterMustNameAVariable() {
        assertThat(failure(new TemplateWithStrayParameter())).isEqualTo(P + "TemplateWithStrayParameter.user(String,"
                + " String): parameter 'team' names no variable of users://{id} (its variables: id)");
    }

    @Test
    void resourceTakesNoArguments() {
        assertThat(failure(new ResourceWithParameter())).isEqualTo(P + "ResourceWithParameter.read(String):"
                + " a resource method takes no parameters, or only a RequestContext");
    }

    @Test
    void oneMethodDeclaresOneThing() {
        assertThat(failure(new TwoKinds())).startsWith(P + "TwoKinds.both(): a method declares one thing");
    }

    @Test
    void toolMayNotReturnOptional() {
        assertThat(failure(new OptionalResult()))
                .isEqualTo(P + "OptionalResult.maybe(): a tool may not return Optional; return null for no result");
    }

    @Test
    void argumentNamesMustBeDistinct() {
        assertThat(failure(new SameNameTwice())).isEqualTo(P + "SameNameTwice.twice(String, String): two parameters are named 'x'");
    }

    @Test
    void parameterNamesAreRequiredWhenCompiledWithoutParametersFlag(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("Unnamed.java");
        Files.writeString(source, """
                public class Unnamed {
                    @dev.jmcp.plugin.McpTool
                    public String greet(String who) { return "hi " + who; }
                    @dev.jmcp.plugin.McpTool
                    public String named(@dev.jmcp.plugin.Arg(name = "who") String who) { return "hi " + who; }
                }
                """);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), source.toString());
        assertThat(status).isZero();
        try (var loader = new URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            Object instance = loader.loadClass("Unnamed").getConstructor().newInstance();
            assertThat(failure(instance)).isEqualTo("Unnamed.greet(String): parameter arg0 has no name; name it with"
                    + " @Arg(name = \"...\") or compile with -parameters");
        }
    }

    @Test
    void nullInstanceIsRefused() {
        assertThatThrownBy(() -> AnnotatedMethods.declare(null, new RecordingRegistrar()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

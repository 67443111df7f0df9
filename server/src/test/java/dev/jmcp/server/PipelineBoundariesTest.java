package dev.jmcp.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.session.Call;
import dev.jmcp.server.session.MethodHandler;
import dev.jmcp.server.session.MethodTable;
import dev.jmcp.server.session.Pipeline;
import dev.jmcp.server.session.ServerSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Issue 28's one pipeline, checked on the compiled classes: a request's failure is mapped to its answer and its thread
 * started in {@code session.Pipeline} alone, not in the stateful session, which keeps its negotiated state while
 * {@code session.SessionInbound} parses what comes in and hands each request to its admission; and no transport runs a handler or maps a failure of its own.
 */
@Timeout(120)
class PipelineBoundariesTest {
    private static final String FAILURES = "dev.jmcp.server.session.Failures";
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
    }

    @Test
    void theSessionHoldsNoDispatch() {
        noClasses().that().belongToAnyOf(ServerSession.class)
                .should().callMethod(MethodHandler.class, "handle", Call.class)
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.jmcp.server.session.Failures")
                .because("the session holds the session's state; the pipeline runs requests and maps their failures")
                .check(classes);
    }

    @Test
    void onlyThePipelineMapsAFailureToAnAnswer() {
        noClasses().that().doNotBelongToAnyOf(Pipeline.class)
                .and().doNotHaveFullyQualifiedName(FAILURES)
                .should().dependOnClassesThat().haveFullyQualifiedName(FAILURES)
                .because("a request's failure is mapped once, in session.Pipeline, on every wire; a handler that runs"
                        + " aside (a stateless call that may become a task) goes through Pipeline.runAside")
                .check(classes);
    }

    @Test
    void theSessionNeitherParsesNorLooksUpMethods() {
        noClasses().that().belongToAnyOf(ServerSession.class)
                .should().callMethod(JsonCodec.class, "parse", byte[].class, int.class, int.class)
                .orShould().callMethod(JsonCodec.class, "toMessage", Object.class)
                .orShould().dependOnClassesThat().belongToAnyOf(MethodTable.class)
                .because("what comes in is parsed, looked up and checked on its way to the admission in"
                        + " session.SessionInbound; the session keeps what was negotiated")
                .check(classes);
    }

    @Test
    void transportsNeitherRunHandlersNorMapFailures() {
        // The HTTP transport's module checks its own classes the same way (HttpModuleBoundariesTest).
        noClasses().that().resideInAnyPackage("dev.jmcp.server.stdio..")
                .should().callMethod(MethodHandler.class, "handle", Call.class)
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.jmcp.server.session.Failures")
                .because("every request goes through the one pipeline, whichever transport brought it")
                .check(classes);
    }

    @Test
    void theEngineRunsNoRequestItself() {
        noClasses().that().resideInAPackage("dev.jmcp.server.engine")
                .should().callMethod(MethodHandler.class, "handle", Call.class)
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.jmcp.server.session.Failures")
                .because("the engine holds what requests share; session.Pipeline runs them")
                .check(classes);
    }

    // That no class is an Error (control flow does not go through one) is checked for every module at once, by
    // plugin-testkit's NoClassExtendsErrorTest.
}

package dev.jmcp.server.child;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.client.stdio.ChildProcessLauncher;
import dev.jmcp.client.stdio.ChildProcessTransport;
import dev.jmcp.server.nativeabi.NativeHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One class starts every child process of the client, the server and its plugin kinds: the client's
 * {@link ChildProcessLauncher}, which the stdio transport (mounts, JAR plugins' child JVMs) and the start of a native
 * library's host (the native host program or its child JVM) both use. Read on the compiled main classes of those modules. (The jmcp command
 * starts three processes it does not talk to over stdio — a browser for a login, a plugin project's build tool, and
 * {@code jmcp dev}'s server on the terminal —, and the test helper testkit's {@code McpProcess} starts the server under
 * test as a user's shell would; the benchmarks use the launcher.)
 */
@Timeout(60)
class OneLauncherTest {
    @Test
    void onlyTheClientsLauncherStartsAProcess() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.client", "dev.jmcp.server", "dev.jmcp.protocol", "dev.jmcp.plugin");
        assertThat(classes.contain(ChildProcessLauncher.class)).isTrue();
        assertThat(classes.contain(ChildProcessTransport.class)).isTrue();
        assertThat(classes.contain(NativeHost.class)).as("the plugin kinds are read too").isTrue();
        noClasses().that().doNotHaveFullyQualifiedName(ChildProcessLauncher.class.getName())
                .should().dependOnClassesThat().haveFullyQualifiedName(ProcessBuilder.class.getName())
                .orShould().callMethodWhere(new DescribedPredicate<JavaMethodCall>("Runtime.exec") {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        return call.getTargetOwner().isEquivalentTo(Runtime.class) && call.getName().equals("exec");
                    }
                })
                .because("a child process is started in one way (environment, working directory, standard error): "
                        + "with ChildProcessLauncher")
                .check(classes);
    }
}

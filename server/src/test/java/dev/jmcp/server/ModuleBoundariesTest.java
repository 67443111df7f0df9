package dev.jmcp.server;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jmcp.server.config.ServerOptions;
import dev.jmcp.server.folder.PluginFolders;
import dev.jmcp.testkit.ApiSignatures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server module's boundaries with the HTTP transport (module {@code dev.jmcp.server.http}, artifact
 * jmcp-server-http), with the plugin kinds (module {@code dev.jmcp.server.plugins}, artifact jmcp-server-plugins) and
 * with the client: a program that embeds the server and serves no HTTP brings no Jetty, nor the JOSE and PEM libraries
 * of HTTP's authorization; one that serves no plugins folder loads no plugin kind; and the core is no client (the
 * mounts are the plugin kinds'), so it neither requires the client module nor names its types. Read on the compiled
 * module descriptor and classes, and on this module's own test class path, which has neither Jetty nor the plugin kinds.
 */
@Timeout(60)
class ModuleBoundariesTest {
    private static JavaClasses classes;
    private static ModuleDescriptor module;

    @BeforeAll
    static void read() throws Exception {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.jmcp.server");
        module = ApiSignatures.moduleBeside(McpServer.class);
    }

    @Test
    void theModuleRequiresNeitherJettyNorTheLibrariesOfHttpAuthorization() {
        assertThat(module.requires()).extracting(ModuleDescriptor.Requires::name)
                .contains("dev.jmcp.protocol")
                .noneMatch(name -> name.startsWith("org.eclipse.jetty") || name.startsWith("com.nimbusds")
                        || name.startsWith("org.bouncycastle"));
    }

    @Test
    void noClassOfTheServerDependsOnJettyOrOnTheHttpTransport() {
        assertThat(classes.containPackage("dev.jmcp.server.engine")).isTrue();
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.eclipse.jetty..", "com.nimbusds..",
                        "org.bouncycastle..")
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.jmcp.server.http..",
                        "dev.jmcp.server.auth..", "dev.jmcp.server.console..")
                .because("the HTTP transport, its authorization and the console are the module dev.jmcp.server.http, "
                        + "which depends on this one and not the other way")
                .check(classes);
    }

    @Test
    void noClassOfTheServerDependsOnThePluginKinds() {
        assertThat(module.requires()).extracting(ModuleDescriptor.Requires::name)
                .doesNotContain("dev.jmcp.server.plugins");
        assertThat(module.provides()).as("the kinds' module provides what serves a plugins folder").isEmpty();
        assertThat(module.uses()).contains(PluginFolders.class.getName());
        noClasses().should().dependOnClassesThat().resideInAnyPackage("dev.jmcp.server.plugins..",
                        "dev.jmcp.server.nativeabi..", "dev.jmcp.server.mount..", "dev.jmcp.server.child..")
                .because("JAR plugins, native libraries, mounts and JAR plugins' child processes are the module "
                        + "dev.jmcp.server.plugins, which the server finds as the folder.PluginFolders service")
                .check(classes);
    }

    @Test
    void theServerIsNoClient() {
        assertThat(module.requires()).extracting(ModuleDescriptor.Requires::name)
                .as("the modules that use the client (the plugin kinds' mounts, tool-search, the CLI) declare it")
                .doesNotContain("dev.jmcp.client");
        noClasses().should().dependOnClassesThat().resideInAnyPackage("dev.jmcp.client..")
                .because("jmcp is the client of the servers it mounts in the module dev.jmcp.server.plugins; the core "
                        + "serves, and an embedder who mounts nothing carries no client")
                .check(classes);
    }

    @Test
    void aServerGivenNoPluginsFolderServesWithoutThePluginKinds() throws Exception {
        assertThat(classes.containPackage("dev.jmcp.server.plugins")).as("the kinds are not on this class path")
                .isFalse();
        try (var server = new McpServer(ServerOptions.defaults("no-folder", null))) {
            server.start();
            var client = new MemoryConnection();
            try (var session = server.openSession(client)) {
                byte[] ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8);
                session.receive(ping, 0, ping.length);
                assertThat(client.nextObject()).containsEntry("id", 1).containsKey("result");
            }
            assertThat(server.loadedPlugins()).isEmpty();
            assertThatThrownBy(() -> server.reloadPlugin("weather.jar")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("serves no plugins folder");
        }
    }

    @Test
    void aServerGivenAPluginsFolderWithoutThePluginKindsSaysWhatToAdd(@TempDir Path plugins) {
        assertThatThrownBy(() -> new McpServer(ServerOptions.defaults("folder", plugins)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(plugins.toString()).hasMessageContaining("add jmcp-server-plugins");
    }

    @Test
    void theServersTestsRunWithoutJetty() {
        assertThatThrownBy(() -> Class.forName("org.eclipse.jetty.server.Server"))
                .as("Jetty is not on the server module's class path").isInstanceOf(ClassNotFoundException.class);
        assertThat(classes.containPackage("dev.jmcp.server.http")).as("nor is the HTTP transport").isFalse();
    }
}

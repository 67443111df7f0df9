package dev.jmcp.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code mvn -P release deploy} would sign and put in the Maven Central bundle, read from the effective POMs
 * Maven itself makes of the whole reactor with the {@code release} profile on ({@code help:effective-pom}): exactly
 * the parent, the BOM and the eleven library modules, and nothing else.
 *
 * <p>Why the effective POM and not the POM files: which module is skipped is decided by property inheritance and
 * profile activation (the parent's own {@code jmcp.publish.skip} is inherited by every module, and only a profile
 * activated in the parent's folder turns it off there), and that is where the bug this guards against lived: the
 * parent's POM read as text looked right while Maven's model of it had {@code skip=true}. Only Maven's model answers
 * that. The help plugin is named with its version, so the check needs no plugin-prefix lookup; a CI machine (which
 * builds online) fetches it once like any other plugin.
 */
@Timeout(300)
class ReleaseProfileIT {
    private static final Path ROOT = Path.of(System.getProperty("jmcp.root", "..")).toAbsolutePath().normalize();
    private static final String HELP = "org.apache.maven.plugins:maven-help-plugin:3.5.2:effective-pom";

    private static final List<String> PUBLISHED = List.of("jmcp-parent", "jmcp-bom", "jmcp-protocol",
            "jmcp-plugin-api", "jmcp-client", "jmcp-client-jose", "jmcp-server", "jmcp-server-http", "jmcp-server-plugins",
            "jmcp-server-redis", "jmcp-server-otel", "jmcp-cli", "jmcp-plugin-testkit");

    @Test
    void theReleaseProfileSignsAndBundlesTheParentTheBomAndTheElevenLibrariesAndNothingElse() throws Exception {
        Path output = Files.createTempFile(Path.of("target").toAbsolutePath(), "effective-release", ".xml");
        Path log = Files.createTempFile(Path.of("target").toAbsolutePath(), "effective-release", ".log");
        try {
            var builder = new ProcessBuilder("mvn", "-B", "-q", "-P", "release", HELP, "-Doutput=" + output)
                    .directory(ROOT.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().remove("MAVEN_OPTS");
            Process maven = builder.start();
            maven.getOutputStream().close();
            if (!maven.waitFor(240, TimeUnit.SECONDS)) {
                maven.descendants().forEach(ProcessHandle::destroyForcibly);
                maven.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(maven.exitValue()).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();

            Element projects = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(output.toFile())
                    .getDocumentElement();
            var signed = new TreeSet<String>();
            var bundled = new TreeSet<String>();
            var deployed = new TreeSet<String>();
            var all = new TreeMap<String, Element>();
            for (Element project : children(projects, "project")) {
                String id = text(project, "artifactId");
                all.put(id, project);
                if (runsUnskipped(project, "maven-gpg-plugin", "skip")) signed.add(id);
                if (runsUnskipped(project, "central-publishing-maven-plugin", "skipPublishing")) bundled.add(id);
                if (!configured(project, "maven-deploy-plugin", "skip").contains("true")) deployed.add(id);
            }
            assertThat(all).as("the reactor's projects").containsKeys("jmcp-testkit", "jmcp-dist", "jmcp-parent");
            assertThat(signed).as("signed by -P release").containsExactlyInAnyOrderElementsOf(PUBLISHED);
            assertThat(bundled).as("in the Central bundle").containsExactlyInAnyOrderElementsOf(PUBLISHED);
            assertThat(deployed).as("deployed").containsExactlyInAnyOrderElementsOf(PUBLISHED);
        } finally {
            Files.deleteIfExists(output);
            Files.deleteIfExists(log);
        }
    }

    /** Whether the project's build has the plugin and none of its configurations sets {@code skipParameter}. */
    private static boolean runsUnskipped(Element project, String plugin, String skipParameter) {
        return plugin(project, plugin) != null && !configured(project, plugin, skipParameter).contains("true");
    }

    /** Every value the plugin's configuration and its executions' configurations give {@code parameter}. */
    private static List<String> configured(Element project, String plugin, String parameter) {
        var values = new ArrayList<String>();
        Element found = plugin(project, plugin);
        if (found == null) return values;
        var elements = found.getElementsByTagName(parameter);
        for (int i = 0; i < elements.getLength(); i++) values.add(elements.item(i).getTextContent().strip());
        return values;
    }

    /** The plugin of that artifact id in the project's build/plugins (not pluginManagement), or null. */
    private static Element plugin(Element project, String artifactId) {
        for (Element build : children(project, "build")) {
            for (Element plugins : children(build, "plugins")) {
                for (Element plugin : children(plugins, "plugin")) {
                    if (artifactId.equals(text(plugin, "artifactId"))) return plugin;
                }
            }
        }
        return null;
    }

    private static String text(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? "" : found.getFirst().getTextContent().strip();
    }

    private static List<Element> children(Element parent, String name) {
        var found = new ArrayList<Element>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && element.getTagName().equals(name)) found.add(element);
        }
        return found;
    }
}

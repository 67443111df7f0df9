package dev.jmcp.cli.create;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parts of a generated {@code pom.xml} that come from the {@link PluginProject}: the values its template
 * ({@code pom.xml.tmpl}) is filled with. Stateless.
 */
final class MavenBuild {
    private MavenBuild() {
    }

    static Map<String, String> values(PluginProject project) {
        var values = new LinkedHashMap<String, String>();
        values.put("javaRelease", String.valueOf(PluginProject.JAVA_RELEASE));
        values.put("junitVersion", PluginProject.JUNIT_VERSION);
        values.put("argLine", String.join(" ", PluginProject.TEST_JVM_OPTIONS));
        values.put("managedDependencies", dependencies(project, true));
        values.put("dependencies", dependencies(project, false));
        return values;
    }

    /** The BOM imports ({@code managed}) or the other dependencies, as XML indented for their place in the POM. */
    private static String dependencies(PluginProject project, boolean managed) {
        String indent = managed ? "      " : "    ";
        var xml = new StringBuilder();
        for (PluginProject.Dependency d : PluginProject.DEPENDENCIES) {
            if ((d.scope() == PluginProject.Scope.IMPORT) != managed) continue;
            if (!xml.isEmpty()) xml.append('\n');
            String why = d.why() + (managed ? " A version declared below, or in a dependencyManagement entry before "
                    + "this one, still wins." : "");
            xml.append(PluginProject.wrap(why, indent + "<!-- ", indent + "     ", 118)).append(" -->\n");
            xml.append(indent).append("<dependency>\n");
            xml.append(indent).append("  <groupId>").append(d.group()).append("</groupId>\n");
            xml.append(indent).append("  <artifactId>").append(d.artifact()).append("</artifactId>\n");
            xml.append(indent).append("  <version>").append(switch (d.version()) {
                case JMCP -> "${jmcp.version}";
                case JUNIT -> "${junit.version}";
            }).append("</version>\n");
            switch (d.scope()) {
                case PROVIDED -> xml.append(indent).append("  <scope>provided</scope>\n");
                case TEST -> xml.append(indent).append("  <scope>test</scope>\n");
                case IMPORT -> xml.append(indent).append("  <type>pom</type>\n")
                        .append(indent).append("  <scope>import</scope>\n");
            }
            xml.append(indent).append("</dependency>");
        }
        return xml.toString();
    }
}

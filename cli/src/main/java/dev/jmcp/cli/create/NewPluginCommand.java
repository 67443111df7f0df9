package dev.jmcp.cli.create;

import dev.jmcp.cli.JmcpVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * {@code jmcp new plugin NAME}: writes the Maven project of a new plugin into {@code DIR/NAME}. Refuses to write into
 * a folder that exists and is not empty. Exit 0 when written, 1 when it could not be, 2 on a usage error.
 */
@Command(name = "plugin", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
                "Writes a new plugin project: a Maven build that compiles for Java 25 with -parameters, names the "
                        + "plugin in its manifest, bundles its libraries, and tests it through a real server and client.",
                "Build it with 'mvn package' and copy target/NAME-1.0.0.jar into the plugins folder."
        })
public final class NewPluginCommand implements Callable<Integer> {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    private static final Pattern PACKAGE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*");
    private static final String TEMPLATES = "/dev/jmcp/cli/create/plugin/";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME",
            description = "The plugin's name: lower-case letters, digits and hyphens (units, git-tools).")
    String name;

    @Option(names = "--group", defaultValue = "com.example", paramLabel = "GROUP",
            description = "Maven groupId (default: ${DEFAULT-VALUE}).")
    String group;

    @Option(names = "--package", paramLabel = "PACKAGE",
            description = "Java package of the plugin class (default: GROUP.NAME without hyphens).")
    String javaPackage;

    @Option(names = "--dir", defaultValue = ".", paramLabel = "DIR",
            description = "Where the project folder NAME is created (default: this folder).")
    Path dir;

    @Option(names = "--gradle", description = "A Gradle build instead of Maven: not supported yet.")
    boolean gradle;

    @Override
    public Integer call() throws IOException {
        if (!NAME.matcher(name).matches()) {
            throw new ParameterException(spec.commandLine(), "'" + name + "' is not a plugin name: use lower-case "
                    + "letters, digits and single hyphens, starting with a letter (units, git-tools)");
        }
        String pkg = javaPackage != null ? javaPackage : group + "." + name.replace("-", "");
        if (!PACKAGE.matcher(pkg).matches()) {
            throw new ParameterException(spec.commandLine(), "'" + pkg + "' is not a Java package name; give one "
                    + "with --package");
        }
        Path project = dir.resolve(name).toAbsolutePath().normalize();
        PrintWriter out = spec.commandLine().getOut();
        if (gradle) {
            // Gradle itself could not be had where jmcp is built and tested (it is on none of the registries the build
            // machines reach), so a Gradle template could never be tested; none is offered rather than an untested one.
            spec.commandLine().getErr().println("jmcp new plugin: --gradle is not supported yet; the project is "
                    + "written for Maven only (run again without --gradle)");
            return 1;
        }
        if (Files.exists(project) && !isEmptyDirectory(project)) {
            spec.commandLine().getErr().println("jmcp new plugin: " + project + " already exists and is not empty; "
                    + "choose another name or --dir");
            return 1;
        }
        String className = className(name);
        Map<String, String> values = Map.of(
                "name", name, "group", group, "package", pkg, "className", className,
                "jmcpVersion", JmcpVersion.current(), "envPrefix", name.toUpperCase(Locale.ROOT).replace('-', '_'),
                "repositoryUrl", ReleaseRepository.url());
        Path sources = project.resolve("src/main/java").resolve(pkg.replace('.', '/'));
        Path tests = project.resolve("src/test/java").resolve(pkg.replace('.', '/'));
        write("pom.xml.tmpl", project.resolve("pom.xml"), values);
        write("Plugin.java.tmpl", sources.resolve(className + ".java"), values);
        write("PluginTest.java.tmpl", tests.resolve(className + "Test.java"), values);
        write("README.md.tmpl", project.resolve("README.md"), values);
        write("gitignore.tmpl", project.resolve(".gitignore"), values);
        write("maven.config.tmpl", project.resolve(".mvn/maven.config"), values);
        write("tinylog-test.properties.tmpl", project.resolve("src/test/resources/tinylog-test.properties"), values);
        Path services = project.resolve("src/main/resources/META-INF/services/dev.jmcp.plugin.Plugin");
        Files.createDirectories(services.getParent());
        Files.writeString(services, pkg + "." + className + "\n", StandardCharsets.UTF_8);
        out.println("Created the plugin project " + project);
        out.println("  cd " + project + " && mvn package   (or: jmcp dev, to build, serve and reload on every save)");
        out.println("  then copy target/" + name + "-1.0.0.jar into your plugins folder (~/.jmcp/plugins).");
        return 0;
    }

    /** {@code git-tools} gives {@code GitToolsPlugin}. */
    static String className(String name) {
        var result = new StringBuilder();
        for (String part : name.split("-")) {
            result.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return result.append("Plugin").toString();
    }

    private static boolean isEmptyDirectory(Path path) throws IOException {
        if (!Files.isDirectory(path)) return false;
        try (var entries = Files.list(path)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void write(String template, Path target, Map<String, String> values) throws IOException {
        String text;
        try (InputStream in = NewPluginCommand.class.getResourceAsStream(TEMPLATES + template)) {
            if (in == null) throw new IllegalStateException("template " + template + " is missing from this build");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (var value : values.entrySet()) text = text.replace("{{" + value.getKey() + "}}", value.getValue());
        Files.createDirectories(target.getParent());
        Files.writeString(target, text, StandardCharsets.UTF_8);
    }
}

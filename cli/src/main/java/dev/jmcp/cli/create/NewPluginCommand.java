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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * {@code jmcp new plugin NAME}: writes the project of a new plugin into {@code DIR/NAME}, a Maven build or, with
 * {@code --gradle}, a Gradle one (Kotlin DSL); both are rendered from one {@link PluginProject}, so they name the same
 * artifacts, repository, Java release and test JVM options. Refuses to write into a folder that exists and is not
 * empty. Exit 0 when written, 1 when it could not be, 2 on a usage error.
 */
@Command(name = "plugin", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
                "Writes a new plugin project: a Maven build (or with --gradle a Gradle one) that compiles for Java 25 "
                        + "with -parameters, names the plugin in its manifest, bundles its libraries, and tests it "
                        + "through a real server and client.",
                "Build it with 'mvn package' (or 'gradle build') and copy the JAR into the plugins folder."
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

    @Option(names = "--gradle", description = "A Gradle build (settings.gradle.kts, build.gradle.kts) instead of "
            + "Maven's pom.xml.")
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
        Path folder = dir.resolve(name).toAbsolutePath().normalize();
        PrintWriter out = spec.commandLine().getOut();
        if (Files.exists(folder) && !isEmptyDirectory(folder)) {
            spec.commandLine().getErr().println("jmcp new plugin: " + folder + " already exists and is not empty; "
                    + "choose another name or --dir");
            return 1;
        }
        var project = new PluginProject(name, group, pkg, JmcpVersion.current(), ReleaseRepository.url());
        write(project, folder, gradle);
        out.println("Created the plugin project " + folder);
        if (gradle) {
            out.println("  cd " + folder + " && gradle build   (or: jmcp dev, to build, serve and reload on every save)");
            out.println("  then copy build/libs/" + project.jarName() + " into your plugins folder (~/.jmcp/plugins).");
        } else {
            out.println("  cd " + folder + " && mvn package   (or: jmcp dev, to build, serve and reload on every save)");
            out.println("  then copy target/" + project.jarName() + " into your plugins folder (~/.jmcp/plugins).");
        }
        return 0;
    }

    /** Writes {@code project} into {@code folder}: its Gradle build when {@code gradle}, else its Maven build. */
    static void write(PluginProject project, Path folder, boolean gradle) throws IOException {
        String className = project.className();
        var values = new LinkedHashMap<String, String>();
        values.put("name", project.name());
        values.put("group", project.group());
        values.put("package", project.javaPackage());
        values.put("className", className);
        values.put("jmcpVersion", project.jmcpVersion());
        values.put("envPrefix", project.envPrefix());
        values.put("repositoryUrl", project.repositoryUrl());
        values.put("version", PluginProject.VERSION);
        values.put("javaRelease", String.valueOf(PluginProject.JAVA_RELEASE));
        values.putAll(gradle ? GradleBuild.values(project) : MavenBuild.values(project));
        Path sources = folder.resolve("src/main/java").resolve(project.javaPackage().replace('.', '/'));
        Path tests = folder.resolve("src/test/java").resolve(project.javaPackage().replace('.', '/'));
        if (gradle) {
            write("settings.gradle.kts.tmpl", folder.resolve("settings.gradle.kts"), values);
            write("build.gradle.kts.tmpl", folder.resolve("build.gradle.kts"), values);
            write("README-gradle.md.tmpl", folder.resolve("README.md"), values);
            write("gitignore-gradle.tmpl", folder.resolve(".gitignore"), values);
        } else {
            write("pom.xml.tmpl", folder.resolve("pom.xml"), values);
            write("README.md.tmpl", folder.resolve("README.md"), values);
            write("gitignore.tmpl", folder.resolve(".gitignore"), values);
            write("maven.config.tmpl", folder.resolve(".mvn/maven.config"), values);
        }
        write("Plugin.java.tmpl", sources.resolve(className + ".java"), values);
        write("PluginTest.java.tmpl", tests.resolve(className + "Test.java"), values);
        write("tinylog-test.properties.tmpl", folder.resolve("src/test/resources/tinylog-test.properties"), values);
        Path services = folder.resolve("src/main/resources/META-INF/services/dev.jmcp.plugin.Plugin");
        Files.createDirectories(services.getParent());
        Files.writeString(services, project.javaPackage() + "." + className + "\n", StandardCharsets.UTF_8);
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
        if (text.contains("{{")) throw new IllegalStateException("template " + template + " has a value not given");
        Files.createDirectories(target.getParent());
        Files.writeString(target, text, StandardCharsets.UTF_8);
    }
}

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Build step of jmcp-plugin-repository, run by Maven with the toolchain's JDK as a source-file program:
 * {@code java PomClosure.java <repository> <local-repository>}. Maven reads a dependency's POM together with its
 * parents and every BOM they import ({@code <scope>import</scope>}), so a repository a project resolves from must
 * hold all of those POMs, not only the artifacts. maven-dependency-plugin copies the artifacts and their parents; this
 * adds the imported BOMs and their parents, recursively, copying them from the local repository the build itself
 * resolved them into. Fails the build (exit 1) when one is not there.
 */
public final class PomClosure {
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    private record Coordinates(String group, String artifact, String version) {
        Path pom(Path repository) {
            return repository.resolve(group.replace('.', '/')).resolve(artifact).resolve(version)
                    .resolve(artifact + "-" + version + ".pom");
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java PomClosure.java <repository> <local-repository>");
            System.exit(1);
        }
        Path repository = Path.of(args[0]).toAbsolutePath();
        Path local = Path.of(args[1]).toAbsolutePath();
        var pending = new ArrayDeque<Path>();
        try (Stream<Path> files = Files.walk(repository)) {
            files.filter(f -> f.toString().endsWith(".pom")).forEach(pending::add);
        }
        int added = 0;
        var missing = new ArrayList<String>();
        while (!pending.isEmpty()) {
            Path pom = pending.poll();
            for (Coordinates needed : needs(pom, repository, local)) {
                Path target = needed.pom(repository);
                if (Files.exists(target)) continue;
                Path source = needed.pom(local);
                if (!Files.exists(source)) {
                    missing.add(needed + " (needed by " + repository.relativize(pom) + ")");
                    continue;
                }
                Files.createDirectories(target.getParent());
                Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                pending.add(target);
                added++;
            }
        }
        if (!missing.isEmpty()) {
            System.err.println("PomClosure: not in " + local + ": " + String.join(", ", missing));
            System.exit(1);
        }
        System.out.println("PomClosure: added " + added + " parent and BOM POMs to " + repository);
    }

    /** The parent and the imported BOMs of one POM. */
    private static List<Coordinates> needs(Path pom, Path repository, Path local) throws Exception {
        Element project = read(pom);
        var result = new ArrayList<Coordinates>();
        Element parent = child(project, "parent");
        if (parent != null) result.add(new Coordinates(text(parent, "groupId"), text(parent, "artifactId"), text(parent, "version")));
        Element management = child(project, "dependencyManagement");
        Element dependencies = management == null ? null : child(management, "dependencies");
        if (dependencies == null) return result;
        Map<String, String> properties = properties(project, repository, local);
        for (Node node = dependencies.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (!(node instanceof Element dependency) || !"import".equals(text(dependency, "scope"))) continue;
            result.add(new Coordinates(interpolate(text(dependency, "groupId"), properties),
                    interpolate(text(dependency, "artifactId"), properties),
                    interpolate(text(dependency, "version"), properties)));
        }
        return result;
    }

    /** The properties a POM sees: its parents' first, its own over them, and the project.* values used in versions. */
    private static Map<String, String> properties(Element project, Path repository, Path local) throws Exception {
        var properties = new HashMap<String, String>();
        Element parent = child(project, "parent");
        if (parent != null) {
            var coordinates = new Coordinates(text(parent, "groupId"), text(parent, "artifactId"), text(parent, "version"));
            Path file = Files.exists(coordinates.pom(repository)) ? coordinates.pom(repository) : coordinates.pom(local);
            if (Files.exists(file)) properties.putAll(properties(read(file), repository, local));
            properties.put("project.parent.version", coordinates.version());
            properties.put("project.parent.groupId", coordinates.group());
        }
        Element own = child(project, "properties");
        if (own != null) {
            for (Node node = own.getFirstChild(); node != null; node = node.getNextSibling()) {
                if (node instanceof Element property) properties.put(property.getTagName(), property.getTextContent().strip());
            }
        }
        String version = text(project, "version");
        String group = text(project, "groupId");
        if (version == null && parent != null) version = text(parent, "version");
        if (group == null && parent != null) group = text(parent, "groupId");
        properties.put("project.version", version);
        properties.put("version", version);
        properties.put("project.groupId", group);
        properties.put("project.artifactId", text(project, "artifactId"));
        return properties;
    }

    private static String interpolate(String value, Map<String, String> properties) {
        for (int depth = 0; depth < 10 && value != null && value.contains("${"); depth++) {
            Matcher matcher = PROPERTY.matcher(value);
            var result = new StringBuilder();
            while (matcher.find()) {
                String replacement = properties.get(matcher.group(1));
                matcher.appendReplacement(result, Matcher.quoteReplacement(replacement != null ? replacement : matcher.group()));
            }
            matcher.appendTail(result);
            if (result.toString().equals(value)) break;
            value = result.toString();
        }
        return value;
    }

    private static Element read(Path pom) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        factory.setExpandEntityReferences(false);
        try {
            Document document = factory.newDocumentBuilder().parse(pom.toFile());
            return document.getDocumentElement();
        } catch (IOException | org.xml.sax.SAXException e) {
            throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }

    private static Element child(Element parent, String name) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) return element;
        }
        return null;
    }

    private static String text(Element parent, String name) {
        Element element = child(parent, name);
        return element == null ? null : element.getTextContent().strip();
    }
}

import java.io.IOException;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.MethodElement;
import java.lang.classfile.MethodModel;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Build step of jmcp-dist, used by {@link AssembleRuntime} before it trains the AOT cache: rewrites the classes of
 * {@code lib/} compiled for a Java older than 6 (class file version below 50) as Java 8 class files (version 52),
 * with the stack map frames such a file must carry, computed by the JDK's own Class-File API. Nothing else in a class
 * changes: the same fields, methods and instructions.
 *
 * <p>Why: the JDK 25 AOT cache leaves out classes older than Java 6 (they need the old verifier, and a class it has
 * linked cannot be stored linked). picocli 4.7 is compiled for Java 5, so all 228 of its classes loaded from its JAR
 * on every start, about a fifth of the start-up of {@code jmcp serve} over stdio (see bench/RESULTS.md); rewritten,
 * they come from the cache like every other class. A JAR with such classes is rewritten in place; JARs without them
 * are left alone, so the build is a no-op on a second run.
 */
final class ArchivableClasses {
    /** The oldest class file version the AOT cache keeps (Java 6). */
    private static final int ARCHIVABLE = 50;
    /** The version rewritten classes get: Java 8, whose verifier needs the frames this step computes. */
    private static final int TARGET = 52;

    private ArchivableClasses() {
    }

    /** Rewrites the pre-Java-6 classes of every JAR in {@code lib}; prints what it did. */
    static void upgrade(Path lib) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) urls[i] = jars.get(i).toUri().toURL();
        try (var loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            // Frames name the common supertypes of values: those are looked up in the JDK first, then in lib/.
            var resolver = ClassHierarchyResolver.defaultResolver()
                    .orElse(ClassHierarchyResolver.ofResourceParsing(loader));
            var classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(resolver));
            for (Path jar : jars) {
                int rewritten = rewrite(jar, classFile);
                if (rewritten > 0) {
                    System.out.println("jmcp lib: " + jar.getFileName() + ": " + rewritten
                            + " classes older than Java 6 rewritten as Java 8 class files, for the AOT cache");
                }
            }
        }
    }

    private static int rewrite(Path jar, ClassFile classFile) throws IOException {
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".rewriting");
        int count = 0;
        try (var in = new JarFile(jar.toFile());
             var out = new JarOutputStream(Files.newOutputStream(rewritten))) {
            for (JarEntry entry : Collections.list(in.entries())) {
                byte[] bytes = in.getInputStream(entry).readAllBytes();
                if (entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")
                        && majorVersion(bytes) < ARCHIVABLE) {
                    bytes = upgrade(classFile, classFile.parse(bytes));
                    count++;
                }
                var copy = new JarEntry(entry.getName());
                copy.setTime(entry.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        }
        if (count > 0) {
            Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.delete(rewritten);
        }
        return count;
    }

    private static int majorVersion(byte[] classBytes) {
        return classBytes.length < 8 ? Integer.MAX_VALUE : ((classBytes[6] & 0xff) << 8) | (classBytes[7] & 0xff);
    }

    /** The class at {@link #TARGET}: every element copied, each method body re-emitted so its frames are computed. */
    private static byte[] upgrade(ClassFile classFile, ClassModel model) {
        return classFile.build(model.thisClass().asSymbol(), target -> {
            target.withVersion(TARGET, 0);
            for (ClassElement element : model) {
                switch (element) {
                    case ClassFileVersion ignored -> { }
                    case MethodModel method -> target.withMethod(method.methodName(), method.methodType(),
                            method.flags().flagsMask(), body -> {
                                for (MethodElement part : method) {
                                    if (part instanceof CodeModel code) {
                                        body.withCode(emitted -> {
                                            for (CodeElement instruction : code) emitted.with(instruction);
                                        });
                                    } else {
                                        body.with(part);
                                    }
                                }
                            });
                    default -> target.with(element);
                }
            }
        });
    }
}

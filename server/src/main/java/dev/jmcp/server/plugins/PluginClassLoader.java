package dev.jmcp.server.plugins;

import dev.jmcp.server.plugins.containment.ExitRewriter;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The class loader of one plugin JAR (its private copy): a {@link URLClassLoader} whose every class passes through
 * {@link ExitRewriter} before it is defined, so no plugin class can end the VM by calling an exit. Resources are
 * served as they are. Owned and closed by its {@link JarPlugin}. Thread-safe (parallel capable).
 */
final class PluginClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final URL jar;
    private final CodeSource codeSource;
    private final Manifest manifest;

    PluginClassLoader(String name, Path copy, ClassLoader parent) throws IOException {
        super(name, new URL[]{copy.toUri().toURL()}, parent);
        this.jar = copy.toUri().toURL();
        this.codeSource = new CodeSource(jar, (CodeSigner[]) null);
        try (var file = new JarFile(copy.toFile())) {
            this.manifest = file.getManifest();
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        URL resource = findResource(name.replace('.', '/').concat(".class"));
        if (resource == null) throw new ClassNotFoundException(name);
        byte[] bytes;
        try (InputStream in = resource.openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
        byte[] contained;
        try {
            contained = ExitRewriter.rewrite(bytes, this);
        } catch (IllegalArgumentException e) {
            throw new ClassFormatError("Class " + name + " of " + getName() + " cannot be checked: " + e.getMessage());
        }
        definePackageOf(name);
        return defineClass(name, contained, 0, contained.length, codeSource);
    }

    private void definePackageOf(String className) {
        int dot = className.lastIndexOf('.');
        if (dot < 0) return;
        String packageName = className.substring(0, dot);
        if (getDefinedPackage(packageName) != null) return;
        try {
            if (manifest != null) {
                definePackage(packageName, manifest, jar);
            } else {
                definePackage(packageName, null, null, null, null, null, null, null);
            }
        } catch (IllegalArgumentException e) {
            // Defined meanwhile by a thread loading another class of the same package: the same package.
        }
    }
}

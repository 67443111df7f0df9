package dev.jmcp.server.plugins;

import dev.jmcp.server.plugins.containment.ExitRewriter;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.jar.JarEntry;
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
    /** The private copy, open once for all the classes it holds; closed with the loader. */
    private final JarFile classes;

    PluginClassLoader(String name, Path copy, ClassLoader parent) throws IOException {
        super(name, new URL[]{copy.toUri().toURL()}, parent);
        this.jar = copy.toUri().toURL();
        this.codeSource = new CodeSource(jar, (CodeSigner[]) null);
        this.classes = new JarFile(copy.toFile());
        try {
            this.manifest = classes.getManifest();
        } catch (IOException | RuntimeException e) {
            classes.close();
            throw e;
        }
    }

    /**
     * Reads classes from the loader's own open {@link JarFile}, closed with the loader. Not through
     * {@code findResource(...).openStream()}: that opens the JAR into the JDK's process-wide cache of JAR files, which
     * {@link #close()} never reaches, so every replaced plugin version kept its deleted private copy open (a file
     * descriptor and its disk space) until the process ended.
     */
    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes;
        try {
            JarEntry entry = classes.getJarEntry(name.replace('.', '/').concat(".class"));
            if (entry == null) throw new ClassNotFoundException(name);
            try (InputStream in = classes.getInputStream(entry)) {
                bytes = in.readAllBytes();
            }
        } catch (IOException | IllegalStateException e) {
            // IllegalStateException: the loader was closed (its plugin removed) while a thread still loads from it.
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

    @Override
    public void close() throws IOException {
        try {
            classes.close();
        } finally {
            super.close();
        }
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

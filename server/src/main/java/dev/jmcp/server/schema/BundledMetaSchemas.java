package dev.jmcp.server.schema;

import com.networknt.schema.AbsoluteIri;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.resource.InputStreamSource;
import com.networknt.schema.resource.SchemaLoader;

import java.io.FileNotFoundException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.Set;

/**
 * The only way a schema may reach outside itself: the meta-schemas of the supported dialects, read from the
 * validator library's own JAR. Every other IRI — {@code http:}, {@code file:}, {@code classpath:} beyond those
 * meta-schemas — is refused with {@link RemoteSchemaRefusedException}. The refusal matters: a tool's schema comes from a
 * plugin, and fetching its {@code $ref} URLs would let the plugin make the server open connections of its choosing
 * (and the server has no network anyway). Stateless and thread-safe.
 *
 * <p>The meta-schemas are read from the library's JAR alone, not through the application class loader: that one
 * looks for a resource in the class path's JARs in order, opening and indexing each until one holds it, which in the
 * distribution's {@code lib/} can be most of its JARs (start-up time; the order depends on the file system).
 *
 * <p>The library consults this loader before its own defaults (which would read URLs), and it only falls through to
 * them when a loader answers {@code null}, so this loader never answers {@code null}.
 */
final class BundledMetaSchemas implements SchemaLoader {
    private static final Set<String> RESOURCES = Set.of(
            "draft/2020-12/schema",
            "draft/2020-12/meta/core",
            "draft/2020-12/meta/applicator",
            "draft/2020-12/meta/unevaluated",
            "draft/2020-12/meta/validation",
            "draft/2020-12/meta/meta-data",
            "draft/2020-12/meta/format-annotation",
            "draft/2020-12/meta/content",
            "draft-07/schema");

    private static final String[] PREFIXES = {"classpath:", "resource:", "https://json-schema.org/", "http://json-schema.org/"};

    /** The library's own JAR (or folder) with no parent: null where the JVM does not say where the library is. */
    private static final URLClassLoader LIBRARY = libraryAlone();

    @Override
    public InputStreamSource getSchema(AbsoluteIri iri) {
        String text = iri.toString();
        String path = resourcePath(text);
        if (path == null || !RESOURCES.contains(path)) throw new RemoteSchemaRefusedException(text);
        return () -> {
            URL url = LIBRARY == null ? JsonSchemaFactory.class.getClassLoader().getResource(path)
                    : LIBRARY.findResource(path);
            if (url == null) throw new FileNotFoundException("bundled meta-schema " + path + " is missing");
            return url.openStream();
        };
    }

    private static URLClassLoader libraryAlone() {
        CodeSource source = JsonSchemaFactory.class.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        return location == null ? null : new URLClassLoader("json-schema-validator", new URL[]{location}, null);
    }

    private static String resourcePath(String iri) {
        int hash = iri.indexOf('#');
        String bare = hash < 0 ? iri : iri.substring(0, hash);
        for (String prefix : PREFIXES) {
            if (bare.startsWith(prefix)) return bare.substring(prefix.length());
        }
        return null;
    }
}

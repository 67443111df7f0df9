package dev.jmcp.cli.serve;

import dev.jmcp.cli.ToolSearchLibraries;
import dev.jmcp.server.toolsearch.ToolIndex;
import dev.jmcp.server.toolsearch.ToolIndexFactory;
import dev.jmcp.server.toolsearch.ToolSearchSettings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * {@code serve --tool-search} and its options, and the index they make. The search module ({@code jmcp-tool-search},
 * Lucene and the model) is looked for only when tool search is on: first on the class path, then in the
 * distribution's {@code lib/tool-search/} folder, through a class loader of its own; with tool search off nothing of
 * it is loaded. Filled by picocli, read once on the main thread.
 */
final class ToolSearchOptions {
    /** The environment variable that turns tool search on when the option is not given. */
    static final String VARIABLE = "JMCP_TOOL_SEARCH";
    static final Path DEFAULT_CACHE = Path.of(System.getProperty("user.home"), ".jmcp", "cache", "tool-search");

    /** As given: null (not given), "on", "activate" or "off". */
    String mode;
    List<String> pins = new ArrayList<>();
    int activeTools = ToolSearchSettings.DEFAULT_ACTIVE_TOOLS;
    String model = "default";
    Path cache;

    /** The settings asked for, from the option or else {@value #VARIABLE}; null when tool search is off. */
    ToolSearchSettings settings(String environmentValue) {
        String given = mode != null ? mode : environmentValue;
        boolean activate;
        switch (given == null ? "off" : given.strip().toLowerCase(Locale.ROOT)) {
            case "", "off", "false", "0", "no" -> {
                if (!pins.isEmpty()) throw new IllegalArgumentException("--pin-tool is for --tool-search; add it");
                return null;
            }
            case "on", "true", "1", "yes" -> activate = false;
            case "activate" -> activate = true;
            default -> throw new IllegalArgumentException((mode != null ? "--tool-search" : VARIABLE)
                    + " is on, activate or off, was '" + given + "'");
        }
        return new ToolSearchSettings(activate, pins, activeTools);
    }

    /**
     * The index for {@link #model}, ready at once (its model loads in the background).
     *
     * @throws IllegalStateException with a message for a person when the search module is missing or the model
     *                               cannot be used
     */
    ToolIndex index() {
        ToolIndexFactory factory = factory();
        // The module's libraries find their own resources through the context class loader (the tokenizer's native
        // library), also on the threads the index starts now to load its model: make it the module's while it starts.
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(factory.getClass().getClassLoader());
        try {
            return factory.create(model, cache != null ? cache : DEFAULT_CACHE);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /** The tool-search module's own factory, looked for by name first. */
    private static final String MODULE_FACTORY = "dev.jmcp.toolsearch.HybridToolIndexFactory";

    /**
     * The factory: the module's own by name, on the class path, then in {@code lib/tool-search/}; then any provider
     * {@link ServiceLoader} finds in either. By name first because a service lookup asks every JAR of {@code lib/}
     * (about 70) for its service file, twice (the folder's loader asks its parent too), which took about 0.2 s of
     * every start with tool search on.
     */
    private static ToolIndexFactory factory() {
        ToolIndexFactory named = byName(ToolSearchOptions.class.getClassLoader());
        if (named != null) return named;
        Path folder = ToolSearchLibraries.folder();
        ClassLoader loader = null;
        if (folder != null && Files.isDirectory(folder)) {
            try {
                loader = ToolSearchLibraries.loader(folder);
            } catch (IOException e) {
                throw new IllegalStateException("--tool-search: cannot read " + folder + ": " + e.getMessage(), e);
            }
            named = byName(loader);
            if (named != null) return named;
        }
        var found = ServiceLoader.load(ToolIndexFactory.class, loader != null ? loader
                : ToolSearchOptions.class.getClassLoader()).findFirst();
        if (found.isPresent()) return found.get();
        throw new IllegalStateException("--tool-search needs the tool-search module (jmcp-tool-search), which this "
                + "installation lacks" + (folder == null ? "" : " (looked in " + folder + ")")
                + ": use a complete jmcp distribution, or serve without --tool-search");
    }

    private static ToolIndexFactory byName(ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(MODULE_FACTORY, true, loader);
        } catch (ClassNotFoundException e) {
            return null;
        }
        try {
            return (ToolIndexFactory) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("--tool-search: the tool-search module's factory cannot be made: " + e, e);
        }
    }
}

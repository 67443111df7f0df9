package dev.jmcp.server.plugins;

import dev.jmcp.plugin.CompletionHandler;
import dev.jmcp.plugin.PromptHandler;
import dev.jmcp.plugin.ResourceHandler;
import dev.jmcp.plugin.ResourceTemplateHandler;
import dev.jmcp.plugin.RootsListener;
import dev.jmcp.plugin.ToolHandler;

/**
 * Wraps a JAR plugin's handlers so that each call runs with the plugin's class loader as the thread's context class
 * loader, as {@code register} does. Plugin code that looks up services or resources through the context loader finds
 * its own; and a thread the plugin starts during a call inherits that loader, which is how {@link JarPlugin} finds the
 * threads to stop when the plugin is removed. A plugin marked runaway ({@link JarPlugin#ranAway}) runs no new call: its
 * handlers fail with why at once. Stateless; thread-safe.
 */
final class PluginCalls {
    private PluginCalls() {
    }

    private interface Call<T> {
        T run() throws Exception;
    }

    private static <T> T within(JarPlugin plugin, ClassLoader loader, Call<T> call) throws Exception {
        plugin.refuseIfRunaway();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return call.run();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    static ToolHandler tool(JarPlugin plugin, ClassLoader loader, ToolHandler handler) {
        return (arguments, context) -> within(plugin, loader, () -> handler.call(arguments, context));
    }

    static PromptHandler prompt(JarPlugin plugin, ClassLoader loader, PromptHandler handler) {
        return (arguments, context) -> within(plugin, loader, () -> handler.get(arguments, context));
    }

    static ResourceHandler resource(JarPlugin plugin, ClassLoader loader, ResourceHandler handler) {
        return (uri, context) -> within(plugin, loader, () -> handler.read(uri, context));
    }

    static ResourceTemplateHandler template(JarPlugin plugin, ClassLoader loader, ResourceTemplateHandler handler) {
        return (uri, variables, context) -> within(plugin, loader, () -> handler.read(uri, variables, context));
    }

    static CompletionHandler completion(JarPlugin plugin, ClassLoader loader, CompletionHandler handler) {
        return (value, resolved, context) -> within(plugin, loader, () -> handler.complete(value, resolved, context));
    }

    static RootsListener roots(JarPlugin plugin, ClassLoader loader, RootsListener listener) {
        return context -> within(plugin, loader, () -> {
            listener.rootsChanged(context);
            return null;
        });
    }
}

package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;

/**
 * The conformance fixture as a plugin: everything the official MCP conformance suite's server scenarios call for the
 * stateful revisions (2025-06-18, 2025-11-25). Created by the server through {@link java.util.ServiceLoader}; safe to
 * call from many threads at once (its only state is the watched resource's revision counter).
 */
public final class EverythingPlugin implements Plugin {

    @Override
    public void register(Registrar registrar) {
        var watched = new WatchedResource();
        ContentTools.register(registrar);
        NotifyingTools.register(registrar, watched);
        ClientRequestTools.register(registrar);
        JsonSchema2020Tool.register(registrar);
        FixtureResources.register(registrar, watched);
        FixturePrompts.register(registrar);
    }
}

package dev.jmcp.plugins.everything;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;

/**
 * The conformance fixture as a plugin: everything the official MCP conformance suite's server scenarios call, for
 * the stateful revisions (2025-06-18, 2025-11-25) and the stateless one (2026-07-28: the diagnostic tools, the
 * list-changed triggers, the {@code input-required-result-*} tools and prompt, the tasks and skills extensions). Created by the server through
 * {@link java.util.ServiceLoader}; its {@code register} may run again on the same instance when a trigger tool
 * redeclares, so the state that must survive that (the watched resource's revision, the triggers' switches) lives in
 * this instance's fields. Safe to call from many threads at once.
 */
public final class EverythingPlugin implements Plugin {
    private final WatchedResource watched = new WatchedResource();
    private final ListChangeTriggers triggers = new ListChangeTriggers();

    @Override
    public void register(Registrar registrar) {
        ContentTools.register(registrar);
        NotifyingTools.register(registrar, watched);
        ClientRequestTools.register(registrar);
        JsonSchema2020Tool.register(registrar);
        StatelessDiagnosticTools.register(registrar);
        FixtureResources.register(registrar, watched);
        FixturePrompts.register(registrar);
        triggers.register(registrar);
        InputRequiredTools.register(registrar);
        TaskTools.register(registrar);
        FixtureSkill.register(registrar);
    }
}

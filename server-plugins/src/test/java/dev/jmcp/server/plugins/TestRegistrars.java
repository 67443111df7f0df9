package dev.jmcp.server.plugins;

import dev.jmcp.plugin.Registrar;
import dev.jmcp.server.registry.Contribution;
import dev.jmcp.server.registry.Owner;

import java.util.function.Consumer;

/** Contributions declared through the real plugin registrar, for tests outside this package. */
public final class TestRegistrars {
    private TestRegistrars() {
    }

    /** What {@code declarations} declare as a built-in plugin; a problem fails naming it. */
    public static Contribution declare(Consumer<Registrar> declarations) throws Exception {
        var registrar = new PluginRegistrar(Owner.BUILT_IN, null, null);
        declarations.accept(registrar);
        return registrar.finish();
    }
}

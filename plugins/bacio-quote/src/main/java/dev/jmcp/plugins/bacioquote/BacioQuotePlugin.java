package dev.jmcp.plugins.bacioquote;

import dev.jmcp.plugin.Plugin;
import dev.jmcp.plugin.Registrar;
import dev.jmcp.protocol.ReadResourceResult;
import dev.jmcp.protocol.Resource;

/**
 * The bacio-quote plugin: the text resource {@value #URI}, whose every read answers one proverb picked at random.
 * Reads its list once, at registration (a missing or empty list fails the load). Thread-safe; takes no configuration.
 */
public final class BacioQuotePlugin implements Plugin {

    static final String URI = "bacio:///quote";

    @Override
    public void register(Registrar registrar) {
        Proverbs proverbs = Proverbs.bundled();
        var resource = new Resource(URI, "quote", "Bacio quote",
                "A random Italian proverb or saying with a short English gloss, like the note inside a Bacio "
                        + "chocolate. Each read picks a new one from " + proverbs.all().size() + ".",
                "text/plain", null, null, null, null);
        registrar.resource(resource, (uri, context) -> ReadResourceResult.text(URI, "text/plain", proverbs.random()));
    }
}

/** What a plugin is written against: {@code Plugin}, the {@code Registrar}, the request context and the annotations. */
module dev.jmcp.plugin {
    requires transitive dev.jmcp.protocol;

    exports dev.jmcp.plugin;

    opens dev.jmcp.plugin to com.fasterxml.jackson.databind;
}

/**
 * Plugin loading and hot reload, for every kind of plugin file ({@code PluginFiles}: JARs, {@code .mcp.json} mounts,
 * native libraries; {@code PluginKinds} loads each by its kind into a {@code ServedPlugin}, running JARs and libraries
 * in a child process when their settings, {@code PluginSettings}, say so). {@link dev.jmcp.server.plugins.PluginHost} owns the plugins folder; each JAR in it
 * becomes a {@code JarPlugin} loaded by {@code JarPluginLoader} from a private copy, in its own class loader whose
 * parent ({@code ApiClassLoader}) exposes only {@code dev.jmcp.plugin}, {@code dev.jmcp.protocol} and the JDK (and
 * the exit guard of {@code dev.jmcp.server.plugins.containment}, into which {@code PluginClassLoader} rewrites every
 * exit a plugin class names); all of a JAR's classes are initialised at load on a platform thread, with a bound;
 * {@code FolderWatcher} reports JARs whose writes have settled, and the host builds a new registry snapshot from
 * them. Depends on the plugin API, the registry and the schema package, and on the plugin kinds it loads
 * ({@code mount}, {@code nativeabi}) and {@code child}, which builds the command of a JAR's child process; knows nothing of sessions or transports: it
 * hands snapshots to whoever listens.
 */
package dev.jmcp.server.plugins;

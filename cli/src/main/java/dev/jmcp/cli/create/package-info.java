/**
 * {@code jmcp new plugin NAME}: writes a plugin project a plugin author builds with Maven (or, {@code --gradle}, with
 * Gradle: both rendered from one {@link dev.jmcp.cli.create.PluginProject}) on a fresh machine — compiler
 * settings, {@code -parameters}, the services file, the plugin's name in its manifest, shading of its libraries and a
 * test through the plugin test kit. The templates are resources beside this package. Depends on nothing of the
 * server or the client.
 */
package dev.jmcp.cli.create;

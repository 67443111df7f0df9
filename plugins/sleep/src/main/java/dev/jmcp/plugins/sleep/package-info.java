/**
 * The sleep sample plugin: the {@code sleep} tool, which waits a given number of milliseconds — handy for trying
 * timeouts and cancellation. Uses only {@code jmcp-plugin-api}.
 */
package dev.jmcp.plugins.sleep;

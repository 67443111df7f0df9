/**
 * The notification sample plugin: tools that exercise the server-to-client notifications — {@code progress_test}
 * (progress over a number of seconds) and {@code logging_test} (one log message at each level). Uses only
 * {@code jmcp-plugin-api}.
 */
package dev.jmcp.plugins.notification;

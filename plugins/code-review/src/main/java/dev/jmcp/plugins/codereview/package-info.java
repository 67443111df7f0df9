/**
 * The code-review sample plugin: the {@code code-review} prompt, which asks the model for a careful review of code in
 * a given language, and completion of that language's name. Uses only {@code jmcp-plugin-api}.
 */
package dev.jmcp.plugins.codereview;

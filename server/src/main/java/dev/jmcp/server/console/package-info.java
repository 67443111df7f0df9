/**
 * The web console ({@code jmcp serve -t --console}): a page at {@code /console/} showing the plugins (and those that
 * failed, with why), their tools, prompts and resources, the sessions and the last calls, updating live, and calling
 * a tool from a form made from its input schema. Its JSON API sits behind the same authorization as MCP; calls made
 * from it go through the server's own dispatch, as a session of its own. Depends on the server's public API and
 * {@code http}'s route hooks.
 */
package dev.jmcp.server.console;

/** {@code completion/complete} for prompt arguments and resource template variables. */
package dev.jmcp.server.completion;

package dev.jmcp.server.state;

/**
 * The lists a server serves that change as plugins come and go, each with its {@code list_changed} notification: what
 * a {@link SharedEvent} tells the other instances changed.
 */
public enum ListKind { TOOLS, PROMPTS, RESOURCES }

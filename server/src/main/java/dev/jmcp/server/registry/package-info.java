/**
 * The registry: an immutable snapshot of everything the loaded plugins declare, and the {@link
 * dev.jmcp.server.registry.Owner} lease that lets a call finish on a plugin that a reload has already replaced (its
 * count of calls is one {@link dev.jmcp.server.registry.Lease} for every plugin kind).
 * Knows nothing of sessions or transports.
 */
package dev.jmcp.server.registry;

package dev.jmcp.server.observe;

/**
 * A stateful session as an operator sees it.
 *
 * @param id              its number in this process
 * @param clientName      the client's name from {@code initialize}, or null before it
 * @param clientVersion   the client's version, or null
 * @param protocolVersion the revision agreed, or null while not initialized
 * @param inFlight        requests of the session being served now
 * @param opened          when the session was opened
 */
public record SessionSummary(String id, String clientName, String clientVersion, String protocolVersion, int inFlight,
                             java.time.Instant opened) {
}

/** {@code logging/setLevel}: the threshold of the {@code notifications/message} a session receives. */
package dev.jmcp.server.logging;

/**
 * {@code resources/list}, {@code resources/read}, {@code resources/templates/list}, {@code resources/subscribe} and
 * {@code resources/unsubscribe}. Depends on the session and registry packages.
 */
package dev.jmcp.server.resources;

/**
 * {@code jmcp dev}: the plugin author's loop. Builds a plugin project with its own Maven build, serves the JAR it makes
 * from a plugins folder of its own, and on every save rebuilds it and puts the new JAR there, where the server's hot
 * reload takes it up. Uses the serve command as it is and nothing of the server's internals.
 */
package dev.jmcp.cli.dev;

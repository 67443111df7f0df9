/**
 * The echo plugin every jmcp benchmark loads: one tool, {@code echo}, returning its text argument. Built into
 * {@code bench/target/jmcp-bench-*-echo-plugin.jar}, a plugin JAR like any user's; depends on {@code plugin-api} only.
 */
package dev.jmcp.bench.echo;

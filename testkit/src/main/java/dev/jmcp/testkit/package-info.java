/** Test helpers shared by modules. */
package dev.jmcp.testkit;

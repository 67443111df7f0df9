/**
 * Test helpers shared by the modules' tests: plugin JARs compiled and packed on the fly, and other fixtures that
 * start real parts. Used only from test code; depends on the protocol module, JUnit, AssertJ and the JDK.
 */
package dev.jmcp.testkit;

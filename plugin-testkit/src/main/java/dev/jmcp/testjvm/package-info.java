/**
 * What makes a generated plugin project's test JVM start from an AOT cache: {@link dev.jmcp.testjvm.TestJvmTraining},
 * the JUnit test its build runs once, in a JVM that writes the cache, and the check that a test JVM runs no classes of
 * a cache trained on other libraries ({@link dev.jmcp.testjvm.TestJvmCacheCheck}). A package of its own, outside
 * {@code dev.jmcp.plugin}, so that {@link dev.jmcp.testjvm.TrainingPlugin} is loaded from its plugin JAR as every
 * plugin is. Depends on the test kit, the plugin API and JUnit (the project's own).
 */
package dev.jmcp.testjvm;

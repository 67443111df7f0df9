package dev.jmcp.testjvm;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Before any test of a JVM told of an AOT cache (the system property {@value TestJvmCache#PROPERTY}) runs, checks that
 * the cache was trained on this JVM's JDK and JARs ({@link TestJvmCache#check}), and stops the tests if this JVM runs
 * the classes of one that was not. Found by the JUnit Platform as a service; does nothing in a JVM without the
 * property. Stateless.
 */
public final class TestJvmCacheCheck implements LauncherSessionListener {
    @Override
    public void launcherSessionOpened(LauncherSession session) {
        try {
            TestJvmCache.check();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compare the test JVM's AOT cache with its class path", e);
        }
    }
}

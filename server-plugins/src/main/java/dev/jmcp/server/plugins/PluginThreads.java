package dev.jmcp.server.plugins;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the live platform threads that belong to one plugin: those whose context class loader is the plugin's (a
 * thread inherits it from the plugin call or {@code register} that created it, also inside an executor the plugin
 * made) or that run plugin code now (a frame whose class loader is the plugin's, recognised by the loader's unique
 * name). Virtual threads a plugin starts are not listed by the JDK and so are not found. Stateless; thread-safe.
 */
final class PluginThreads {
    private PluginThreads() {
    }

    /** The plugin's live platform threads other than the caller's. */
    static List<Thread> of(ClassLoader loader) {
        var found = new ArrayList<Thread>();
        for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
            Thread thread = entry.getKey();
            if (thread == Thread.currentThread() || !thread.isAlive()) continue;
            if (thread.getContextClassLoader() == loader || runsPluginCode(entry.getValue(), loader)) found.add(thread);
        }
        return found;
    }

    /** The innermost frame of plugin code on {@code thread}'s stack, or its top frame, for a log line. */
    static String where(Thread thread, ClassLoader loader) {
        StackTraceElement[] stack = thread.getStackTrace();
        for (StackTraceElement frame : stack) {
            if (isPlugin(frame, loader)) return frame.toString();
        }
        return stack.length == 0 ? "(no stack)" : stack[0].toString();
    }

    private static boolean runsPluginCode(StackTraceElement[] stack, ClassLoader loader) {
        for (StackTraceElement frame : stack) {
            if (isPlugin(frame, loader)) return true;
        }
        return false;
    }

    private static boolean isPlugin(StackTraceElement frame, ClassLoader loader) {
        return loader.getName() != null && loader.getName().equals(frame.getClassLoaderName());
    }
}

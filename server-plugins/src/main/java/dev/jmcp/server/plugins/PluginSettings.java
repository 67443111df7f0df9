package dev.jmcp.server.plugins;

import dev.jmcp.protocol.json.JsonCodec;
import dev.jmcp.server.nativeabi.NativeOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * How the user wants a JAR or a native library run, from the optional {@code <file>.json} beside it:
 * {@code {"isolation": "process" | "in-process", "timeout": seconds, "restartOnTimeout": true|false, "prefix": "p_",
 * "reentrant": true|false, "startTimeout": seconds, "memoryMiB": n, "maxCalls": n}}. The last three are native only
 * (a library in a child process): how long its process may take to be ready (default 10 s), its address-space limit
 * in MiB (default 1024, 0 for none), how many calls may run on or wait for it at once (default 64). {@code isolation} defaults to in-process for a JAR and to process for a native library;
 * {@code timeout}, {@code restartOnTimeout} and {@code prefix} apply to a plugin run in a process of its own (a call
 * longer than {@code timeout} gets an error result; with {@code restartOnTimeout} the process is ended and started
 * again; a native library's process always is, as a native call cannot be interrupted otherwise). {@code reentrant}
 * (native only): the library may be called from several threads at once; otherwise its calls are serialised.
 * Immutable.
 */
record PluginSettings(Boolean outOfProcess, Duration timeout, boolean restartOnTimeout, String prefix,
                      boolean reentrant, Duration startTimeout, long memoryMiB, int maxCalls) {
    static final PluginSettings DEFAULTS = new PluginSettings(null, null, false, "", false,
            NativeOptions.DEFAULT_START_TIMEOUT, NativeOptions.DEFAULT_MEMORY_MIB, NativeOptions.DEFAULT_MAX_CALLS);
    private static final int MAX_BYTES = 64 * 1024;
    private static final Set<String> KEYS = Set.of("isolation", "timeout", "restartOnTimeout", "prefix", "reentrant",
            "startTimeout", "memoryMiB", "maxCalls");
    private static final Set<String> NATIVE_KEYS = Set.of("startTimeout", "memoryMiB", "maxCalls");

    /** Whether the plugin runs in a process of its own, given the default of its kind. */
    boolean outOfProcess(boolean byDefault) {
        return outOfProcess == null ? byDefault : outOfProcess;
    }

    /** The settings beside {@code plugin}; {@link #DEFAULTS} when there is no file. */
    static PluginSettings read(Path plugin) throws PluginLoadException {
        Path file = PluginFiles.settingsBeside(plugin);
        String text;
        try {
            if (!Files.isRegularFile(file)) return DEFAULTS;
            if (Files.size(file) > MAX_BYTES) throw new PluginLoadException(file.getFileName() + " is too large");
            text = Files.readString(file);
        } catch (IOException e) {
            throw new PluginLoadException("cannot read " + file.getFileName() + ": " + e.getMessage());
        }
        try {
            if (!(JsonCodec.shared().parse(text) instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException("it must hold a JSON object");
            }
            for (Object key : map.keySet()) {
                if (!KEYS.contains(key)) throw new IllegalArgumentException("unknown key \"" + key + "\"; known: " + KEYS);
                if (NATIVE_KEYS.contains(key) && PluginFiles.kind(plugin) != PluginFiles.Kind.NATIVE) {
                    throw new IllegalArgumentException("\"" + key + "\" applies to native libraries only");
                }
            }
            Object isolation = map.get("isolation");
            Boolean outOfProcess;
            if (isolation == null) {
                outOfProcess = null;
            } else if ("process".equals(isolation)) {
                outOfProcess = true;
            } else if ("in-process".equals(isolation)) {
                outOfProcess = false;
            } else {
                throw new IllegalArgumentException("\"isolation\" must be \"process\" or \"in-process\"");
            }
            Duration timeout = null;
            if (map.get("timeout") instanceof Number n && n.doubleValue() > 0) {
                timeout = Duration.ofMillis(Math.round(n.doubleValue() * 1000));
            } else if (map.get("timeout") != null) {
                throw new IllegalArgumentException("\"timeout\" must be a positive number of seconds");
            }
            if (map.get("restartOnTimeout") != null && !(map.get("restartOnTimeout") instanceof Boolean)) {
                throw new IllegalArgumentException("\"restartOnTimeout\" must be true or false");
            }
            if (map.get("prefix") != null && !(map.get("prefix") instanceof String)) {
                throw new IllegalArgumentException("\"prefix\" must be a string");
            }
            if (map.get("reentrant") != null && !(map.get("reentrant") instanceof Boolean)) {
                throw new IllegalArgumentException("\"reentrant\" must be true or false");
            }
            Duration startTimeout = NativeOptions.DEFAULT_START_TIMEOUT;
            if (map.get("startTimeout") instanceof Number n && n.doubleValue() > 0 && n.doubleValue() <= 3600) {
                startTimeout = Duration.ofMillis(Math.round(n.doubleValue() * 1000));
            } else if (map.get("startTimeout") != null) {
                throw new IllegalArgumentException("\"startTimeout\" must be a number of seconds between 0 and 3600");
            }
            long memory = NativeOptions.DEFAULT_MEMORY_MIB;
            if (map.get("memoryMiB") != null) {
                if (!(map.get("memoryMiB") instanceof Number n) || n.doubleValue() != Math.floor(n.doubleValue())
                        || n.longValue() < 0 || n.longValue() > 1L << 30 || n.longValue() > 0 && n.longValue() < 16) {
                    throw new IllegalArgumentException("\"memoryMiB\" must be a whole number of MiB, 16 or more (0: no"
                            + " limit)");
                }
                memory = n.longValue();
            }
            int maxCalls = NativeOptions.DEFAULT_MAX_CALLS;
            if (map.get("maxCalls") != null) {
                if (!(map.get("maxCalls") instanceof Number n) || n.doubleValue() != Math.floor(n.doubleValue())
                        || n.longValue() < 1 || n.longValue() > 10_000) {
                    throw new IllegalArgumentException("\"maxCalls\" must be a whole number from 1 to 10000");
                }
                maxCalls = n.intValue();
            }
            return new PluginSettings(outOfProcess, timeout, Boolean.TRUE.equals(map.get("restartOnTimeout")),
                    map.get("prefix") == null ? "" : (String) map.get("prefix"), Boolean.TRUE.equals(map.get("reentrant")),
                    startTimeout, memory, maxCalls);
        } catch (RuntimeException e) {
            throw new PluginLoadException(file.getFileName() + ": " + e.getMessage());
        }
    }
}

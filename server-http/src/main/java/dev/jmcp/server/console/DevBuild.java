package dev.jmcp.server.console;

import dev.jmcp.protocol.json.JsonCodec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The last build of {@code jmcp dev}, as it writes it for the console: a small JSON file {@code {"ok": true|false,
 * "at": TIME, "millis": N, "output": TEXT}} replaced whole after every build. Read at every look of the page; a file
 * missing, unreadable or not such an object reads as no build known. Thread-safe.
 */
final class DevBuild {
    /** More of a build's output than a person reads in a browser: the rest is in the terminal. */
    static final int MAX_BYTES = 256 * 1024;

    private final Path file;

    DevBuild(Path file) {
        this.file = file;
    }

    /** What the page shows of the last build, or null when none is known. */
    Map<String, Object> last() {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return Map.of("ok", false, "at", "", "output", "cannot read the build's status " + file + ": " + e);
        }
        Object tree;
        try {
            tree = JsonCodec.shared().parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return null; // written at this moment (it is replaced whole) or cut at MAX_BYTES: the next look sees it
        }
        if (!(tree instanceof Map<?, ?> build) || !(build.get("ok") instanceof Boolean ok)) return null;
        var shown = new LinkedHashMap<String, Object>();
        shown.put("ok", ok);
        shown.put("at", build.get("at") instanceof String at ? at : "");
        shown.put("millis", build.get("millis") instanceof Number millis ? millis : 0);
        shown.put("output", build.get("output") instanceof String output ? output : "");
        return shown;
    }
}

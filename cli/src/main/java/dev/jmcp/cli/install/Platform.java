package dev.jmcp.cli.install;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The facts about the machine that decide where client applications keep their configuration: the operating system,
 * the user's home folder and the environment ({@code APPDATA}, {@code XDG_CONFIG_HOME}). A value, so tests can describe
 * any machine.
 */
record Platform(Os os, Path home, Map<String, String> environment) {

    enum Os { LINUX, MAC, WINDOWS }

    Platform {
        environment = Map.copyOf(environment);
    }

    /** This machine. */
    static Platform current() {
        String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Os os = name.startsWith("windows") ? Os.WINDOWS : name.startsWith("mac") ? Os.MAC : Os.LINUX;
        return new Platform(os, Path.of(System.getProperty("user.home")), System.getenv());
    }

    /**
     * The folder applications keep per-user settings in: {@code %APPDATA%} on Windows, {@code ~/Library/Application
     * Support} on macOS, {@code $XDG_CONFIG_HOME} or {@code ~/.config} elsewhere.
     */
    Path configHome() {
        return switch (os) {
            case WINDOWS -> pathFromEnvironment("APPDATA", home.resolve("AppData").resolve("Roaming"));
            case MAC -> home.resolve("Library").resolve("Application Support");
            case LINUX -> pathFromEnvironment("XDG_CONFIG_HOME", home.resolve(".config"));
        };
    }

    private Path pathFromEnvironment(String variable, Path fallback) {
        String value = environment.get(variable);
        return value == null || value.isBlank() ? fallback : Path.of(value);
    }
}

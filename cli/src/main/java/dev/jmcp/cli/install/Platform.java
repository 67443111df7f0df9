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
        Map<String, String> environment = System.getenv();
        return new Platform(os, home(os, environment, System.getProperty("user.home")), environment);
    }

    /**
     * The home folder the clients see. On Linux and macOS that is {@code $HOME} when it names an absolute path: the
     * clients (Node and Electron programs) read it there, while the JVM's {@code user.home} comes from the password
     * database, and the two differ under {@code sudo}, in containers and wherever a user points {@code HOME} elsewhere.
     * Otherwise, and on Windows, {@code userHome}. The rule of every command: {@link dev.jmcp.cli.UserHome}.
     */
    static Path home(Os os, Map<String, String> environment, String userHome) {
        return dev.jmcp.cli.UserHome.of(os == Os.WINDOWS, environment, userHome);
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

    /** {@code variable}'s path when it is set to an absolute one (a relative one is ignored, as XDG says), else
     * {@code fallback}. */
    private Path pathFromEnvironment(String variable, Path fallback) {
        String value = environment.get(variable);
        return value == null || value.isBlank() || !Path.of(value).isAbsolute() ? fallback : Path.of(value);
    }
}

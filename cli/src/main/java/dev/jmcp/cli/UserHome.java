package dev.jmcp.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The user's home folder, by one rule for every command (serve's plugins folder, login's token file, install's
 * client configurations): on Linux and macOS {@code $HOME} when it names an absolute path, as the shell and the MCP
 * clients (Node and Electron programs) read it; otherwise, and on Windows, the JVM's {@code user.home}, which comes
 * from the password database. The two differ under {@code sudo}, in containers and wherever {@code HOME} points
 * elsewhere, and then jmcp follows {@code HOME}.
 */
public final class UserHome {
    private UserHome() {
    }

    /** This process's home folder. */
    public static Path current() {
        return of(isWindows(), System.getenv(), System.getProperty("user.home"));
    }

    /** The home folder on a machine described by its OS, environment and JVM {@code user.home}. */
    public static Path of(boolean windows, Map<String, String> environment, String userHome) {
        String home = windows ? null : environment.get("HOME");
        return home != null && !home.isBlank() && Path.of(home).isAbsolute() ? Path.of(home) : Path.of(userHome);
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }
}

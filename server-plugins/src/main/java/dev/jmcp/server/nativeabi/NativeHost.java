package dev.jmcp.server.nativeabi;

import dev.jmcp.server.child.ChildJvm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The two ways a native library runs in a child process. First choice, {@link #program()}: the native host program
 * {@code jmcp-native-host} (C, {@code server-plugins/src/main/c}), built with the machine's C compiler and carried in
 * the jmcp-server-plugins JAR, which {@link NativePlugin#spawn} starts (a few MiB and milliseconds per library).
 * Fallback, when the build had no C compiler or the program cannot run here: {@link #jvm()}, a child JVM running
 * {@link NativeHostMain}, which speaks the same frames (about 60 MiB and a JVM start per library). Either way the
 * parent talks to it through {@link NativeChild}; {@link #command()} is the one this machine uses.
 *
 * <p>The system property {@code jmcp.native.host} overrides the choice: a path names the program to use, {@code jvm}
 * forces the child JVM. Thread-safe.
 */
public final class NativeHost {
    private static final Logger LOG = LoggerFactory.getLogger(NativeHost.class);
    private static final String RESOURCE = "jmcp-native-host";
    private static Optional<Path> program;
    /**
     * JVM settings of the child: a small heap, the client compiler only, the serial collector (a quick start and a
     * small RSS for a process that only forwards calls), native access granted (no warning on stderr), temporary files
     * (the JVM's private copy of the library) in the working directory, which is the child's private folder. JVM log lines go to standard error, as
     * for every child ({@link ChildJvm#java}).
     */
    public static final List<String> JVM_OPTIONS = List.of("-Xmx64m", "-Xss512k", "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto", "--enable-native-access=ALL-UNNAMED",
            "-Djava.io.tmpdir=.");

    private NativeHost() {
    }

    /**
     * The native host program, made executable in a private temporary folder the first time (deleted when the JVM
     * exits); empty when there is none for this platform (the build had no C compiler) or it cannot be prepared.
     */
    public static synchronized Optional<Path> program() {
        if (program != null) return program;
        String chosen = System.getProperty("jmcp.native.host", "");
        if (chosen.equals("jvm")) {
            program = Optional.empty();
        } else if (!chosen.isEmpty()) {
            program = Optional.of(Path.of(chosen).toAbsolutePath());
        } else {
            program = extract();
        }
        return program;
    }

    /**
     * A new folder in {@code parent}, readable by this user only, named by process id and clock: unlike
     * {@code Files.createTempDirectory} it does not start the secure random generator (about 10 ms on first use).
     * {@code createDirectory} fails on any existing entry, so a name someone took first is skipped, never entered.
     */
    static Path privateFolder(Path parent, String prefix) throws IOException {
        String name = prefix + ProcessHandle.current().pid() + "-";
        for (int attempt = 1; ; attempt++) {
            Path folder = parent.resolve(name + Long.toString(System.nanoTime() & Long.MAX_VALUE, 36));
            try {
                return Files.createDirectory(folder,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                if (attempt == 100) throw taken;
            }
        }
    }

    private static Optional<Path> extract() {
        try (InputStream in = NativeHost.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                LOG.warn("This jmcp was built without a C compiler: native libraries run in a child JVM each");
                return Optional.empty();
            }
            Path folder = privateFolder(Path.of(System.getProperty("java.io.tmpdir")), "jmcp-native-host-");
            Path file = folder.resolve(RESOURCE);
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r-x------"));
            folder.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
            return Optional.of(file);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.warn("The native host program cannot be prepared ({}): native libraries run in a child JVM each",
                    e.toString());
            return Optional.empty();
        }
    }

    /**
     * The command that starts a host of one library, to which {@link NativeChild} adds
     * {@code [--memory-mb=N] [--reentrant] LIBRARY}: the native host program, else the child JVM ({@link #jvm()}).
     */
    public static List<String> command() {
        return program().map(file -> List.of(file.toString())).orElseGet(NativeHost::jvm);
    }

    /** The child JVM host ({@link NativeHostMain}), which speaks the native host program's frames. */
    public static List<String> jvm() {
        return jvm(List.of());
    }

    /**
     * The same, with {@code jvmOptions} added after {@link #JVM_OPTIONS} (later ones win). An AOT cache made by a JVM
     * without {@code --enable-native-access} is refused by the child (the JVM compares that setting), so
     * {@code bin/jmcp}'s cache cannot simply be passed on.
     */
    public static List<String> jvm(List<String> jvmOptions) {
        var settings = new ArrayList<String>(JVM_OPTIONS);
        settings.addAll(jvmOptions);
        return ChildJvm.java(settings, NativeHostMain.class.getName(), List.of());
    }
}

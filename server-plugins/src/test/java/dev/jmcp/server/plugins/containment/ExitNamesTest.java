package dev.jmcp.server.plugins.containment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The constant-pool check that lets a class naming no exit skip the class-file API: it says "maybe" for every class
 * that names one (the rewriting itself is proven by {@code PluginExitTest}), "no" for one that names none, and "maybe"
 * for what is not a class file it can read.
 */
@Timeout(10)
class ExitNamesTest {
    static final class Exits {
        void exit() {
            System.exit(3);
        }
    }

    static final class Halts {
        void halt() {
            Runtime.getRuntime().halt(3);
        }
    }

    static final class ReferencesExit {
        java.util.function.IntConsumer exit() {
            return System::exit;
        }
    }

    static final class Reflects {
        Object call(java.lang.reflect.Method method) throws Exception {
            return method.invoke(null);
        }
    }

    static final class LooksUp {
        Object find() throws Exception {
            return java.lang.invoke.MethodHandles.lookup().findStatic(Math.class, "abs",
                    java.lang.invoke.MethodType.methodType(int.class, int.class));
        }
    }

    /** Names System and a method called exit, but never System.exit: a "maybe" costs only the full parse. */
    static final class Harmless {
        long exit = 7;
        double rate = 1.5;

        String greet(String name) {
            if (name.isBlank()) throw new IllegalArgumentException("blank");
            return "Hello, " + name + "! " + System.nanoTime() + exit + rate + 10_000_000_000L;
        }
    }

    static final class Plain {
        String greet(String name) {
            return "Hello, " + name + "! " + 10_000_000_000L + 2.5;
        }
    }

    private static byte[] bytes(Class<?> type) throws IOException {
        String resource = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }

    @Test
    void everyClassThatNamesAGuardedCallIsAMaybe() throws IOException {
        for (Class<?> type : new Class<?>[]{Exits.class, Halts.class, ReferencesExit.class, Reflects.class,
                LooksUp.class, Harmless.class}) {
            assertThat(ExitNames.mayName(bytes(type))).as(type.getSimpleName()).isTrue();
        }
    }

    @Test
    void aClassThatNamesNoneIsLeftAsItIsWithoutParsing() throws IOException {
        byte[] plain = bytes(Plain.class);
        assertThat(ExitNames.mayName(plain)).isFalse();
        assertThat(ExitRewriter.rewrite(plain, getClass().getClassLoader())).isSameAs(plain);
    }

    @Test
    void whatIsNoReadableClassFileIsAMaybe() throws IOException {
        byte[] plain = bytes(Plain.class);
        assertThat(ExitNames.mayName(Arrays.copyOf(plain, plain.length / 3))).isTrue();
        assertThat(ExitNames.mayName(new byte[]{1, 2, 3})).isTrue();
        byte[] unknownTag = plain.clone();
        unknownTag[10] = 99;
        assertThat(ExitNames.mayName(unknownTag)).isTrue();
    }
}

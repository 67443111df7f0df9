package dev.jmcp.server.plugins.containment;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Whether a class file may name a call {@link ExitRewriter} rewrites, read from its constant pool alone. Each such call,
 * method handle or method reference names its owner class and its method by UTF-8 entries of the class's constant pool
 * ({@code java/lang/System} and {@code exit}, say), so a class whose pool lacks every such pair names none of them and is
 * left as it is without being parsed. Most plugin classes name none, and the class-file API's first use in a JVM loads
 * a few hundred JDK classes that are in no class-data archive: this spares them to a plugin that has no such call (and
 * to every test JVM the plugin test kit loads one into). Anything it cannot read is a "maybe", left to the class-file
 * API, which reports what is wrong. Stateless, thread-safe.
 */
final class ExitNames {
    private static final int MAGIC = 0xCAFEBABE;
    private static final Set<String> LOOKUPS =
            Set.of("findStatic", "findVirtual", "findSpecial", "bind", "unreflect", "unreflectSpecial");

    private ExitNames() {
    }

    /** False only when {@code bytes} is a class file whose constant pool names none of the guarded calls. */
    static boolean mayName(byte[] bytes) {
        try {
            if (bytes.length < 10 || u4(bytes, 0) != MAGIC) return true;
            boolean exitOwner = false, exitName = false, method = false, invoke = false, lookup = false, lookupName = false;
            int count = u2(bytes, 8);
            int at = 10;
            for (int index = 1; index < count; index++) {
                int tag = bytes[at] & 0xff;
                switch (tag) {
                    case 1 -> { // Utf8: the names; ASCII names are the same bytes in modified UTF-8
                        int length = u2(bytes, at + 1);
                        String text = new String(bytes, at + 3, length, StandardCharsets.ISO_8859_1);
                        switch (text) {
                            case "java/lang/System", "java/lang/Runtime" -> exitOwner = true;
                            case "exit", "halt" -> exitName = true;
                            case "java/lang/reflect/Method" -> method = true;
                            case "invoke" -> invoke = true;
                            case "java/lang/invoke/MethodHandles$Lookup" -> lookup = true;
                            default -> lookupName |= LOOKUPS.contains(text);
                        }
                        at += 3 + length;
                    }
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> at += 5;
                    case 5, 6 -> { // Long and Double take two entries
                        at += 9;
                        index++;
                    }
                    case 7, 8, 16, 19, 20 -> at += 3;
                    case 15 -> at += 4;
                    default -> {
                        return true;
                    }
                }
            }
            return exitOwner && exitName || method && invoke || lookup && lookupName;
        } catch (IndexOutOfBoundsException truncated) {
            return true;
        }
    }

    private static int u2(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
    }

    private static int u4(byte[] bytes, int at) {
        return u2(bytes, at) << 16 | u2(bytes, at + 2);
    }
}

package dev.jmcp.testkit;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The public top-level types of a module's internal packages, for the surface tests of the modules that keep packages
 * to themselves: which there are, and which of them no other package uses (so need not be public).
 *
 * @param byPackage  the public types' simple names, by package
 * @param notUsedElsewhere the names of those no class of another package uses, and no reason given in the test explains
 */
public record PublicTypes(Map<String, Set<String>> byPackage, Set<String> notUsedElsewhere) {

    /**
     * Reads the public top-level types of the packages {@code packages} accepts among {@code classes};
     * {@code usedUnseen} names the types that are used where the class files do not show it (a main class, a
     * service), by their full names.
     */
    public static PublicTypes of(JavaClasses classes, Predicate<String> packages, Set<String> usedUnseen) {
        var found = new TreeMap<String, Set<String>>();
        var unused = new TreeSet<String>();
        for (JavaClass type : classes) {
            String pkg = type.getPackageName();
            if (!packages.test(pkg) || type.isNestedClass() || type.isAnonymousClass()
                    || type.getSimpleName().equals("package-info")) {
                continue;
            }
            if (!type.getModifiers().contains(JavaModifier.PUBLIC)) continue;
            found.computeIfAbsent(pkg, p -> new TreeSet<>()).add(type.getSimpleName());
            boolean usedElsewhere = type.getDirectDependenciesToSelf().stream()
                    .anyMatch(d -> !d.getOriginClass().getPackageName().equals(pkg));
            if (!usedElsewhere && !usedUnseen.contains(type.getName())) unused.add(type.getName());
        }
        return new PublicTypes(found, unused);
    }

    /** {@code listed}, as {@link #byPackage} shows it: sorted, and without packages that list no type. */
    public static Map<String, Set<String>> sorted(Map<String, ? extends Set<String>> listed) {
        var sorted = new TreeMap<String, Set<String>>();
        listed.forEach((pkg, names) -> {
            if (!names.isEmpty()) sorted.put(pkg, new TreeSet<>(names));
        });
        return sorted;
    }
}

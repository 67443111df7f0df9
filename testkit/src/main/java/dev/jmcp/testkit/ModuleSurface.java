package dev.jmcp.testkit;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The exported surface of one of jmcp's library modules (protocol, plugin-api, client), for its surface test: the
 * packages it exports to everyone, and what their public signatures name that they should not ({@link ApiSignatures}:
 * no Jetty or Jackson type, no future). Read on the compiled classes beside {@code anchor}.
 */
public final class ModuleSurface {
    private final ModuleDescriptor module;
    private final Set<String> exported = new TreeSet<>();

    private ModuleSurface(ModuleDescriptor module) {
        this.module = module;
        for (var export : module.exports()) {
            if (!export.isQualified()) exported.add(export.source());
        }
    }

    /** The surface of the module whose classes {@code anchor} is among. */
    public static ModuleSurface of(Class<?> anchor) throws Exception {
        return new ModuleSurface(ApiSignatures.moduleBeside(anchor));
    }

    public ModuleDescriptor module() {
        return module;
    }

    /** The packages exported to everyone. */
    public Set<String> exported() {
        return exported;
    }

    /**
     * One line for each public or protected member of an exported type that names what it should not; members named
     * in {@code accepted} ({@code Class.method}) are left out.
     */
    public List<String> offences(Set<String> accepted) {
        var offences = new ArrayList<String>();
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(exported);
        int read = 0;
        for (JavaClass type : classes) {
            if (!exported.contains(type.getPackageName())) continue;
            Class<?> reflected = type.reflect();
            if (!ApiSignatures.accessibleFromOutside(reflected)) continue;
            read++;
            offences.addAll(ApiSignatures.offences(reflected, pkg -> true, accepted));
        }
        if (read == 0) throw new IllegalStateException("no exported type of " + module.name() + " was read");
        return offences;
    }
}

package dev.jmcp.server.plugins.containment;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicCallSiteDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.util.Set;

/**
 * Rewrites one plugin class, as its class loader defines it, so that no code in it can end the VM by naming the call:
 * {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} become calls of {@link ExitGuard}, which throw;
 * so do method handles to them in constants and in {@code invokedynamic} arguments (method references such as
 * {@code System::exit}); every {@code Method.invoke} is preceded by {@link ExitGuard#checkInvoke} (the call itself
 * stays in the plugin's class, so reflection keeps the plugin's own access rights); and the method-handle lookups
 * ({@code findStatic}, {@code findVirtual}, {@code findSpecial}, {@code bind}, {@code unreflect},
 * {@code unreflectSpecial}) go through the guard, which refuses the three exit methods and otherwise looks up as asked.
 *
 * <p>Not covered, because the plugin's bytecode does not name them: native code (JNI or the FFM API calling
 * {@code exit()}), JDK code that calls a method by name for the plugin ({@code java.beans.Statement}), a process the
 * plugin starts to kill the server, and exhausting memory or threads. Those are the reasons to run an
 * untrusted JAR out of process. Methods that name none of the calls above are left byte for byte as they were.
 * Stateless, thread-safe.
 */
public final class ExitRewriter {
    private static final ClassDesc GUARD = ClassDesc.of(ExitGuard.class.getName());
    private static final ClassDesc RUNTIME = ClassDesc.of("java.lang.Runtime");
    private static final ClassDesc SYSTEM = ClassDesc.of("java.lang.System");
    private static final ClassDesc METHOD = ClassDesc.of("java.lang.reflect.Method");
    private static final ClassDesc LOOKUP = ClassDesc.of("java.lang.invoke.MethodHandles$Lookup");
    private static final Set<String> LOOKUPS =
            Set.of("findStatic", "findVirtual", "findSpecial", "bind", "unreflect", "unreflectSpecial");
    private static final MethodTypeDesc INT_EXIT = MethodTypeDesc.ofDescriptor("(I)V");
    private static final MethodTypeDesc CHECK_INVOKE = MethodTypeDesc.of(ConstantDescs.CD_void, METHOD,
            ConstantDescs.CD_Object, ConstantDescs.CD_Object.arrayType());

    private ExitRewriter() {
    }

    /**
     * The class {@code bytes} with every exit rewritten, or {@code bytes} itself when it names none.
     *
     * @param loader resolves the class hierarchy of the plugin's own types when stack maps are recomputed
     * @throws IllegalArgumentException when the class cannot be parsed or rewritten
     */
    public static byte[] rewrite(byte[] bytes, ClassLoader loader) {
        if (!ExitNames.mayName(bytes)) return bytes;
        ClassModel model = ClassFile.of().parse(bytes);
        if (model.methods().stream().noneMatch(ExitRewriter::namesAnExit)) return bytes;
        var resolver = ClassHierarchyResolver.defaultResolver()
                .orElse(ClassHierarchyResolver.ofResourceParsing(loader));
        return ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(resolver))
                .transformClass(model, ClassTransform.transformingMethodBodies(ExitRewriter::namesAnExit,
                        ExitRewriter::rewrite));
    }

    private static boolean namesAnExit(MethodModel method) {
        return method.code().map(ExitRewriter::namesAnExit).orElse(false);
    }

    private static boolean namesAnExit(CodeModel code) {
        for (CodeElement element : code) {
            if (guarded(element)) return true;
        }
        return false;
    }

    private static boolean guarded(CodeElement element) {
        return switch (element) {
            case InvokeInstruction call -> replacement(call) != null || isMethodInvoke(call);
            case InvokeDynamicInstruction dynamic -> dynamic.bootstrapArgs().stream().anyMatch(
                    argument -> argument instanceof DirectMethodHandleDesc handle && replacement(handle) != null);
            case ConstantInstruction.LoadConstantInstruction constant ->
                    constant.constantEntry().constantValue() instanceof DirectMethodHandleDesc handle
                            && replacement(handle) != null;
            default -> false;
        };
    }

    private static void rewrite(CodeBuilder code, CodeElement element) {
        switch (element) {
            case InvokeInstruction call when isMethodInvoke(call) -> {
                // Stack: method, target, arguments. Check all three, then make the plugin's own call as it was.
                int arguments = code.allocateLocal(TypeKind.REFERENCE);
                int target = code.allocateLocal(TypeKind.REFERENCE);
                code.astore(arguments).astore(target).dup().aload(target).aload(arguments)
                        .invokestatic(GUARD, "checkInvoke", CHECK_INVOKE).aload(target).aload(arguments).with(call);
            }
            case InvokeInstruction call when replacement(call) != null -> {
                DirectMethodHandleDesc guard = replacement(call);
                code.invokestatic(guard.owner(), guard.methodName(), guard.invocationType());
            }
            case InvokeDynamicInstruction dynamic when guarded(dynamic) -> code.invokedynamic(DynamicCallSiteDesc.of(
                    dynamic.bootstrapMethod(), dynamic.name().stringValue(), dynamic.typeSymbol(),
                    dynamic.bootstrapArgs().stream().map(ExitRewriter::guardedArgument).toArray(ConstantDesc[]::new)));
            case ConstantInstruction.LoadConstantInstruction constant when guarded(constant) ->
                    code.ldc(guardedArgument(constant.constantEntry().constantValue()));
            default -> code.with(element);
        }
    }

    private static ConstantDesc guardedArgument(ConstantDesc argument) {
        if (argument instanceof DirectMethodHandleDesc handle) {
            DirectMethodHandleDesc guard = replacement(handle);
            if (guard != null) return guard;
        }
        return argument;
    }

    private static boolean isMethodInvoke(InvokeInstruction call) {
        return call.opcode() == Opcode.INVOKEVIRTUAL && call.owner().asSymbol().equals(METHOD)
                && call.name().equalsString("invoke");
    }

    private static DirectMethodHandleDesc replacement(InvokeInstruction call) {
        boolean isStatic = call.opcode() == Opcode.INVOKESTATIC;
        boolean isVirtual = call.opcode() == Opcode.INVOKEVIRTUAL;
        if (!isStatic && !isVirtual) return null;
        return replacement(call.owner().asSymbol(), call.name().stringValue(), call.typeSymbol(), isStatic);
    }

    private static DirectMethodHandleDesc replacement(DirectMethodHandleDesc handle) {
        return switch (handle.kind()) {
            case STATIC -> replacement(handle.owner(), handle.methodName(), handle.invocationType(), true);
            // A virtual handle's invocation type already has the receiver first.
            case VIRTUAL -> {
                MethodTypeDesc type = handle.invocationType().dropParameterTypes(0, 1);
                if (handle.owner().equals(METHOD) && handle.methodName().equals("invoke")) {
                    yield MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, GUARD, "invoke",
                            handle.invocationType());
                }
                yield replacement(handle.owner(), handle.methodName(), type, false);
            }
            default -> null;
        };
    }

    /** The guard method replacing a call of {@code owner.name} of {@code type}, or null when it needs none. */
    private static DirectMethodHandleDesc replacement(ClassDesc owner, String name, MethodTypeDesc type,
                                                      boolean isStatic) {
        String guard = null;
        if (isStatic && owner.equals(SYSTEM) && name.equals("exit") && type.equals(INT_EXIT)) {
            guard = "systemExit";
        } else if (!isStatic && owner.equals(RUNTIME) && type.equals(INT_EXIT)) {
            guard = switch (name) {
                case "exit" -> "runtimeExit";
                case "halt" -> "runtimeHalt";
                default -> null;
            };
        } else if (!isStatic && owner.equals(LOOKUP) && LOOKUPS.contains(name)) {
            guard = name;
        }
        if (guard == null) return null;
        MethodTypeDesc guardType = isStatic ? type : type.insertParameterTypes(0, owner);
        return MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, GUARD, guard, guardType);
    }
}

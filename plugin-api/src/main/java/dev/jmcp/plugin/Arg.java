package dev.jmcp.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Describes an argument of an annotated tool, prompt or resource template method. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Arg {
    /** The argument's name; the parameter's name (compile with {@code -parameters}) when empty. */
    String name() default "";

    String description() default "";

    /** Whether the client must give it. Primitive parameters are always required. */
    boolean required() default true;
}

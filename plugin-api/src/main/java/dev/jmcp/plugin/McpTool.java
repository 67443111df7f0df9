package dev.jmcp.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a method as a tool (see {@link Registrar#annotated}). Parameters are the tool's arguments, described with
 * {@link Arg}; one parameter may be a {@link RequestContext}. The input schema is generated from the parameter types.
 * The method may return a {@code String} (text), a {@code CallToolResult}, a {@code Content}, {@code void}, or a record
 * — which becomes {@code structuredContent}, with an {@code outputSchema} generated from the record type.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpTool {
    /** The tool's name; the method's name when empty. */
    String name() default "";

    String title() default "";

    String description() default "";

    boolean readOnlyHint() default false;

    boolean destructiveHint() default true;

    boolean idempotentHint() default false;

    boolean openWorldHint() default true;
}

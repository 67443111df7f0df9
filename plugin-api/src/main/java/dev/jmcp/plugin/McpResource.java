package dev.jmcp.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a method as a fixed resource. It takes no parameters or a {@link RequestContext}, and returns a
 * {@code String} (text contents), a {@code byte[]} (blob contents) or a {@code ReadResourceResult}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpResource {
    String uri();

    /** The resource's name; the method's name when empty. */
    String name() default "";

    String title() default "";

    String description() default "";

    String mimeType() default "text/plain";
}

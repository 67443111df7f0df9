package dev.jmcp.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a method as a resource template (RFC 6570 level 1, e.g. {@code file:///{path}}). Its {@code String}
 * parameters, named with {@link Arg}, receive the template's variables; one may be a {@link RequestContext}. It returns
 * what {@link McpResource} methods return.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpResourceTemplate {
    String uriTemplate();

    String name() default "";

    String title() default "";

    String description() default "";

    String mimeType() default "text/plain";
}

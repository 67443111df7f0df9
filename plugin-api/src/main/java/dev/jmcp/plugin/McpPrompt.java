package dev.jmcp.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a method as a prompt. Its {@code String} parameters (with {@link Arg}) are the prompt's arguments; one may be
 * a {@link RequestContext}. It returns a {@code GetPromptResult}, a {@code List<PromptMessage>}, or a {@code String}
 * (one user message).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpPrompt {
    String name() default "";

    String title() default "";

    String description() default "";
}

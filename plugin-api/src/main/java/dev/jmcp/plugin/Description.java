package dev.jmcp.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes an enum constant (or a whole type) used in a tool's arguments or result, for the generated JSON Schema.
 * An enum with described constants is written as {@code oneOf} of {@code {"const": NAME, "description": ...}}
 * entries, so a client and a model see what each value means. Arguments and record components are described with
 * {@link Arg#description()}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.TYPE})
public @interface Description {
    String value();
}

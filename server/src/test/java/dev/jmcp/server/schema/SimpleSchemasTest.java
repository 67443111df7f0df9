package dev.jmcp.server.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tool whose parameters are all text, numbers and booleans is described without the schema generator: exactly as
 * the generator would describe it, repeated types, descriptions and required parameters included.
 */
@Timeout(30)
class SimpleSchemasTest {
    private static final List<Type> SIMPLE = List.of(String.class, boolean.class, Boolean.class, int.class,
            Integer.class, long.class, Long.class, short.class, Short.class, double.class,
            Double.class, float.class, Float.class);

    @Test
    void everySimpleTypeIsDescribedAsTheGeneratorDescribesIt() {
        var schemas = new TypeSchemas();
        for (Type type : SIMPLE) {
            var properties = List.of(new TypeSchemas.Property("value", type, "", true));
            assertThat(schemas.object(properties)).as(type.getTypeName()).isEqualTo(schemas.generated(properties));
        }
        // Not simple, so described by the generator (as a string, for a byte).
        var bytes = List.of(new TypeSchemas.Property("value", byte.class, "", true));
        assertThat(schemas.object(bytes)).isEqualTo(schemas.generated(bytes));
    }

    @Test
    void aToolOfManySimpleParametersRepeatedTypesAndDescriptionsIsDescribedAsTheGeneratorDescribesIt() {
        var properties = new ArrayList<TypeSchemas.Property>();
        for (int i = 0; i < SIMPLE.size(); i++) {
            String description = i % 2 == 0 ? "" : "the " + i + "th";
            properties.add(new TypeSchemas.Property("a" + i, SIMPLE.get(i), description, i % 3 == 0));
            properties.add(new TypeSchemas.Property("b" + i, SIMPLE.get(i), "again", i % 2 == 0));
        }
        var schemas = new TypeSchemas();
        assertThat(schemas.object(properties)).isEqualTo(schemas.generated(properties));
        assertThat(schemas.object(List.of())).isEqualTo(schemas.generated(List.of()));
    }
}

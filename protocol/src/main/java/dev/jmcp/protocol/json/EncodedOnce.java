package dev.jmcp.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;

/**
 * A JSON value encoded once ({@link JsonCodec#encodedOnce}), written as its UTF-8 bytes, which Jackson's string keeps
 * after the first write. Immutable.
 */
record EncodedOnce(SerializedString json) {
    static final StdSerializer<EncodedOnce> SERIALIZER = new StdSerializer<>(EncodedOnce.class) {
        @Override
        public void serialize(EncodedOnce value, JsonGenerator generator, SerializerProvider provider)
                throws IOException {
            generator.writeRawValue(value.json());
        }
    };

    @Override
    public String toString() {
        return json.getValue();
    }
}

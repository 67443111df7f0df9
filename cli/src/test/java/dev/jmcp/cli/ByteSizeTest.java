package dev.jmcp.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteSizeTest {

    @Test
    void plainNumbersAreBytes() {
        assertThat(ByteSize.parse("4194304")).isEqualTo(4_194_304);
        assertThat(ByteSize.parse("2048B")).isEqualTo(2048);
    }

    @Test
    void binaryUnitsMultiplyByPowersOf1024() {
        assertThat(ByteSize.parse("512KiB")).isEqualTo(512 * 1024);
        assertThat(ByteSize.parse("4MiB")).isEqualTo(4 * 1024 * 1024);
        assertThat(ByteSize.parse("1GiB")).isEqualTo(1024 * 1024 * 1024);
    }

    @Test
    void unitsIgnoreCaseAndSurroundingSpace() {
        assertThat(ByteSize.parse(" 4mib ")).isEqualTo(4 * 1024 * 1024);
        assertThat(ByteSize.parse("8 KIB")).isEqualTo(8 * 1024);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "MiB", "4MB", "4 M", "-1", "1.5MiB", "four"})
    void somethingThatIsNotASizeIsRefusedWithAnExample(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("not a size")
                .hasMessageContaining("4MiB");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2GiB", "2147483648", "99999999999999999999999"})
    void sizesBeyondTwoGibibytesAreRefused(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("too large");
    }
}

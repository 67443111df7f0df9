package dev.jmcp.protocol.json;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.jmcp.protocol.SamplingContent;

import java.util.List;

/**
 * The {@code content} of a sampling message and of a sampled answer: one block or an array of them on the wire (an
 * array only from 2025-11-25). Read either way; one block is written as an object, which every revision reads.
 */
interface SampledContentMixin {
    @JsonFormat(with = {JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
            JsonFormat.Feature.WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED})
    List<SamplingContent> content();
}

/*
 * Just enough JSON for the sample plugins: find a key in the request jmcp sends (compact, keys in a known order),
 * read a string or an integer, and build a text result. Not a general parser; a real plugin uses a JSON library.
 */
#ifndef SAMPLE_JSON_H
#define SAMPLE_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text just after "key": at or after `from`, or NULL. */
static inline const char* sj_find(const char* from, const char* key) {
    char pattern[128];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char* at = from ? strstr(from, pattern) : NULL;
    return at ? at + strlen(pattern) : NULL;
}

/* Copies the string value of key into out (escapes kept as they are); 0 when absent or not a string. */
static inline int sj_string(const char* from, const char* key, char* out, size_t size) {
    const char* at = sj_find(from, key);
    if (!at || *at != '"' || size == 0) return 0;
    size_t n = 0;
    for (at++; *at && *at != '"' && n + 1 < size; at++) {
        if (*at == '\\' && at[1]) out[n++] = *at++;
        out[n++] = *at;
    }
    out[n] = '\0';
    return 1;
}

/* The integer value of key, or fallback when absent or not a number. */
static inline long sj_long(const char* from, const char* key, long fallback) {
    const char* at = sj_find(from, key);
    if (!at) return fallback;
    char* end;
    long value = strtol(at, &end, 10);
    return end == at ? fallback : value;
}

#endif

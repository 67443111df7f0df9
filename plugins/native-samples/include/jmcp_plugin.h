/*
 * jmcp_plugin.h - the C ABI of a jmcp native plugin.
 *
 * A native plugin is a shared library (.so, .dylib, .dll) that exports CreatePlugin and DestroyPlugin. jmcp binds it
 * through the JDK's Foreign Function & Memory API, by default in a child process of its own. The ABI is the one of the
 * original C++ server jmcp began as, so libraries built for that server load unchanged, and libraries built against
 * this header load there too. Layouts below are for LP64 (Linux, macOS x86-64/arm64): every pointer is 8 bytes and
 * no struct has padding.
 *
 * Rules a plugin follows:
 *  - Every string it hands to jmcp is UTF-8. Names, descriptions, schemas and the item structs are static: they stay
 *    valid as long as the library is loaded, and jmcp never frees them.
 *  - HandleRequest returns heap memory that jmcp releases exactly once with the library's own C++ operator delete[]
 *    (mangled _ZdaPv). So a C++ plugin allocates it with new char[]; a C plugin links libstdc++ (or exports its own
 *    _ZdaPv) and allocates with jmcp_alloc_result() below, which uses the same operator new[].
 *  - Nothing escapes a call: a C++ exception thrown out of HandleRequest ends the process that hosts the library.
 *  - The library may be called from several threads only if the user declares it re-entrant; otherwise jmcp calls it
 *    one request at a time, always from platform threads.
 */
#ifndef JMCP_PLUGIN_H
#define JMCP_PLUGIN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exported with plain C linkage and default visibility, whatever flags the library is built with. */
#if defined(_WIN32)
#  define JMCP_EXPORT __declspec(dllexport)
#else
#  define JMCP_EXPORT __attribute__((visibility("default")))
#endif

/* What a library serves; exactly one kind. Stored as an int (a C enum is int-sized on every ABI jmcp supports). */
typedef enum JmcpPluginType {
    JMCP_PLUGIN_TOOLS = 0,     /* GetToolCount/GetTool are set; the prompt and resource getters are NULL */
    JMCP_PLUGIN_PROMPTS = 1,   /* GetPromptCount/GetPrompt are set */
    JMCP_PLUGIN_RESOURCES = 2  /* GetResourceCount/GetResource are set */
} JmcpPluginType;

/* A tool, as tools/list shows it. 24 bytes. */
typedef struct PluginTool {
    const char* name;          /* offset 0: the tool's name, unique in the library */
    const char* description;   /* offset 8: one sentence for the model */
    const char* inputSchema;   /* offset 16: a JSON Schema object as text; jmcp validates arguments against it */
} PluginTool;

/* A prompt, as prompts/list shows it. 24 bytes. */
typedef struct PluginPrompt {
    const char* name;          /* offset 0: the prompt's name, unique in the library */
    const char* description;   /* offset 8 */
    const char* arguments;     /* offset 16: a JSON array as text of {"name","description","required"} objects */
} PluginPrompt;

/* A fixed resource, as resources/list shows it. 32 bytes. */
typedef struct PluginResource {
    const char* name;          /* offset 0 */
    const char* description;   /* offset 8 */
    const char* uri;           /* offset 16: the URI a client reads */
    const char* mime;          /* offset 24: the MIME type (MCP calls it mimeType) */
} PluginResource;

/*
 * The way back to the client, owned and written by jmcp. SendToClient takes the library's name and one complete
 * JSON-RPC notification as text: notifications/progress (with the request's _meta.progressToken, which jmcp always
 * passes as a string) or notifications/message. jmcp copies both strings before returning; the library keeps
 * ownership. It may be called during HandleRequest, on the calling thread or on the library's own threads. 8 bytes.
 */
typedef struct NotificationSystem {
    void (*SendToClient)(const char* pluginName, const char* notification); /* offset 0 */
} NotificationSystem;

/* The function table CreatePlugin returns. 13 pointers, 104 bytes. */
typedef struct PluginAPI {
    const char* (*GetName)(void);                    /* offset 0: static name of the library, e.g. "weather" */
    const char* (*GetVersion)(void);                 /* offset 8: static version text */
    JmcpPluginType (*GetType)(void);                 /* offset 16: what the library serves */
    int (*Initialize)(void);                         /* offset 24: non-zero on success; 0 and jmcp skips the library */
    /*
     * offset 32: answers one JSON-RPC request. `request` is the whole request as compact JSON, e.g.
     * {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{},"_meta":{"progressToken":"t"}}}
     * and is valid only during the call. Returns the JSON text of the result object only ({"content":[...],
     * "isError":false} for tools, {"description":...,"messages":[...]} for prompts, {"contents":[...]} for
     * resources), allocated with new char[] (jmcp_alloc_result); NULL means the call failed.
     */
    char* (*HandleRequest)(const char* request);
    void (*Shutdown)(void);                          /* offset 40: called once before DestroyPlugin */
    int (*GetToolCount)(void);                       /* offset 48: tools libraries only, else NULL */
    const PluginTool* (*GetTool)(int index);         /* offset 56: NULL when index is out of range */
    int (*GetPromptCount)(void);                     /* offset 64: prompts libraries only, else NULL */
    const PluginPrompt* (*GetPrompt)(int index);     /* offset 72 */
    int (*GetResourceCount)(void);                   /* offset 80: resources libraries only, else NULL */
    const PluginResource* (*GetResource)(int index); /* offset 88 */
    NotificationSystem* notifications;               /* offset 96: NULL at creation; jmcp sets it before Initialize */
} PluginAPI;

/* The two exports every plugin has. CreatePlugin may return the same static table on every call. */
JMCP_EXPORT PluginAPI* CreatePlugin(void);
JMCP_EXPORT void DestroyPlugin(PluginAPI* api);

#ifndef __cplusplus
/* C++'s operator new[] (mangled _Znam on LP64), so that jmcp's call of the library's operator delete[] matches. */
void* _Znam(size_t size);

/* A result buffer of `size` bytes, released by jmcp with the library's operator delete[]. C plugins link -lstdc++;
   C++ plugins write new char[size]. */
static inline char* jmcp_alloc_result(size_t size) {
    return (char*) _Znam(size);
}
#endif

#ifdef __cplusplus
}
#endif

#endif /* JMCP_PLUGIN_H */

/*
 * jmcp-native-host: serves ONE native plugin library (the C ABI of jmcp_plugin.h) to jmcp from a child process, so
 * the library's crashes, exit()s, hangs and leaks cost this process only.
 *
 *   jmcp-native-host [--memory-mb=N] [--reentrant] LIBRARY
 *
 * It is a thin adaptor, not an MCP server: jmcp keeps its one engine (schemas, validation, results) and sends each
 * request's JSON text, which this program passes to HandleRequest unparsed; the result text and the library's
 * notifications go back the same way.
 *
 * Protocol: frames on the descriptors that were standard input (jmcp -> host) and standard output (host -> jmcp) when
 * the program started. Each frame is a header of three 32-bit unsigned integers in the machine's byte order (type,
 * call id, payload length) and the payload. Types:
 *   jmcp -> host: 'C' a call: the payload is the JSON-RPC request, the id names the call.
 *   host -> jmcp: 'H' hello, once after Initialize: NUL-terminated strings: name, version, type (0/1/2), item count,
 *                     then each item's fields (3 for tools and prompts, 4 for resources);
 *                 'E' the library is not a usable plugin: the payload says why; the program then exits with 2;
 *                 'R' the result text of call id; 'N' call id returned NULL;
 *                 'M' a notification: the library's plugin name, NUL, the JSON-RPC notification; the id is the call
 *                     running on the sending thread, 0 when it came from a thread of the library's own.
 * End of input means: Shutdown, DestroyPlugin, exit 0.
 *
 * The library never sees those descriptors: before it is loaded, standard output is pointed at standard error (jmcp's
 * log, read line by line), standard input at /dev/null, and both protocol descriptors are close-on-exec. Core files are
 * off (RLIMIT_CORE 0); --memory-mb caps the address space (RLIMIT_AS), so a leaking library fails its allocation and
 * ends this process instead of growing the machine's memory. The process ends with jmcp (PR_SET_PDEATHSIG on Linux).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "jmcp_plugin.h"

#define MAX_ITEMS 10000
#define MAX_REQUEST (256u << 20)

static int protocol_in = -1;
static int protocol_out = -1;
static pthread_mutex_t write_lock = PTHREAD_MUTEX_INITIALIZER;
static PluginAPI* api;
static void (*release_result)(void*);
static __thread uint32_t current_call;

/* Writes one whole frame; a failed write means jmcp is gone, so the process ends. */
static void send_frame(uint32_t type, uint32_t id, const char* a, size_t a_len, const char* b, size_t b_len) {
    uint32_t header[3] = {type, id, (uint32_t) (a_len + b_len)};
    struct iovec parts[3] = {{header, sizeof header}, {(void*) a, a_len}, {(void*) b, b_len}};
    int count = 3, first = 0;
    pthread_mutex_lock(&write_lock);
    while (first < count) {
        ssize_t n = writev(protocol_out, parts + first, count - first);
        if (n < 0) {
            if (errno == EINTR) continue;
            _exit(3);
        }
        while (first < count && (size_t) n >= parts[first].iov_len) n -= (ssize_t) parts[first++].iov_len;
        if (first < count) {
            parts[first].iov_base = (char*) parts[first].iov_base + n;
            parts[first].iov_len -= (size_t) n;
        }
    }
    pthread_mutex_unlock(&write_lock);
}

static int read_full(int fd, void* into, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = read(fd, (char*) into + done, size - done);
        if (n == 0) return 0;
        if (n < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        done += (size_t) n;
    }
    return 1;
}

static void refuse(const char* format, const char* detail) {
    char reason[1024];
    snprintf(reason, sizeof reason, format, detail ? detail : "");
    send_frame('E', 0, reason, strlen(reason), "", 0);
    _exit(2);
}

/* NotificationSystem.SendToClient: both strings are the library's, valid during the call only: sent at once. */
static void send_to_client(const char* plugin_name, const char* notification) {
    if (!notification) return;
    const char* from = plugin_name ? plugin_name : "";
    send_frame('M', current_call, from, strlen(from) + 1, notification, strlen(notification));
}

static NotificationSystem notifications = {send_to_client};

/* The hello frame's payload, grown as needed. */
static char* hello;
static size_t hello_length, hello_capacity;

static void add(const char* text) {
    size_t size = strlen(text) + 1;
    if (hello_length + size > hello_capacity) {
        hello_capacity = (hello_length + size) * 2;
        hello = realloc(hello, hello_capacity);
        if (!hello) refuse("out of memory while reading its declarations%s", NULL);
    }
    memcpy(hello + hello_length, text, size);
    hello_length += size;
}

static void declare(void) {
    if (!api->GetName || !api->GetVersion || !api->GetType || !api->Initialize || !api->HandleRequest
        || !api->Shutdown) {
        refuse("its function table has a NULL function%s", NULL);
    }
    int type = (int) api->GetType();
    int (*count)(void) = type == 0 ? api->GetToolCount : type == 1 ? api->GetPromptCount
                       : type == 2 ? api->GetResourceCount : NULL;
    if (type < 0 || type > 2) refuse("GetType() returned a value that is not 0 (tools), 1 (prompts) or 2 (resources)%s", NULL);
    if (!count) refuse("its function table has NULL for the item count of its type%s", NULL);
    const char* name = api->GetName();
    const char* version = api->GetVersion();
    if (!name || !*name) refuse("GetName() returned NULL or an empty name%s", NULL);
    add(name);
    add(version ? version : "");
    char number[32];
    snprintf(number, sizeof number, "%d", type);
    add(number);
    int items = count();
    if (items < 0 || items > MAX_ITEMS) refuse("its item count is out of range%s", NULL);
    snprintf(number, sizeof number, "%d", items);
    add(number);
    for (int i = 0; i < items; i++) {
        const char* fields[4] = {NULL, NULL, NULL, NULL};
        int width = 3;
        if (type == 0) {
            const PluginTool* tool = api->GetTool ? api->GetTool(i) : NULL;
            if (!tool) refuse("GetTool returned NULL%s", NULL);
            fields[0] = tool->name, fields[1] = tool->description, fields[2] = tool->inputSchema;
        } else if (type == 1) {
            const PluginPrompt* prompt = api->GetPrompt ? api->GetPrompt(i) : NULL;
            if (!prompt) refuse("GetPrompt returned NULL%s", NULL);
            fields[0] = prompt->name, fields[1] = prompt->description, fields[2] = prompt->arguments;
        } else {
            const PluginResource* resource = api->GetResource ? api->GetResource(i) : NULL;
            if (!resource) refuse("GetResource returned NULL%s", NULL);
            fields[0] = resource->name, fields[1] = resource->description, fields[2] = resource->uri;
            fields[3] = resource->mime;
            width = 4;
        }
        for (int f = 0; f < width; f++) {
            if (!fields[f]) refuse("an item has a NULL field%s", NULL);
            add(fields[f]);
        }
    }
    send_frame('H', 0, hello, hello_length, "", 0);
    free(hello);
}

struct call {
    uint32_t id;
    char* request;
};

static void* run_call(void* argument) {
    struct call* call = argument;
    current_call = call->id;
    char* result = api->HandleRequest(call->request);
    current_call = 0;
    if (result) {
        send_frame('R', call->id, result, strlen(result), "", 0);
        if (release_result) release_result(result);
    } else {
        send_frame('N', call->id, "", 0, "", 0);
    }
    free(call->request);
    free(call);
    return NULL;
}

/* Moves descriptor fd above the standard three, close-on-exec, and points the old number at `replacement`. */
static int hide(int fd, int replacement) {
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (moved < 0 || dup2(replacement, fd) < 0) {
        perror("jmcp-native-host: cannot set up its descriptors");
        _exit(2);
    }
    return moved;
}

int main(int argc, char** argv) {
    long memory_mb = 0;
    int reentrant = 0;
    const char* library = NULL;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--memory-mb=", 12) == 0) {
            memory_mb = strtol(argv[i] + 12, NULL, 10);
        } else if (strcmp(argv[i], "--reentrant") == 0) {
            reentrant = 1;
        } else if (!library && argv[i][0] != '-') {
            library = argv[i];
        } else {
            fprintf(stderr, "jmcp-native-host: unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (!library) {
        fprintf(stderr, "usage: jmcp-native-host [--memory-mb=N] [--reentrant] LIBRARY\n");
        return 2;
    }
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(0);
#endif
    signal(SIGPIPE, SIG_IGN);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    if (memory_mb > 0) {
        // Few malloc arenas: each reserves 64 MiB of address space, which the limit counts.
        mallopt(M_ARENA_MAX, 2);
        struct rlimit cap = {(rlim_t) memory_mb << 20, (rlim_t) memory_mb << 20};
        if (setrlimit(RLIMIT_AS, &cap) != 0) perror("jmcp-native-host: RLIMIT_AS");
    }
    int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    protocol_in = hide(0, devnull < 0 ? 2 : devnull);
    protocol_out = hide(1, 2);
    if (devnull >= 0) close(devnull);
    setvbuf(stdout, NULL, _IOLBF, 0);

    // Lazy binding, as the JDK loads libraries: functions a library never calls are never resolved (fewer pages touched).
    void* handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) refuse("it cannot be loaded as a shared library: %s", dlerror());
    PluginAPI* (*create)(void) = (PluginAPI * (*)(void)) dlsym(handle, "CreatePlugin");
    void (*destroy)(PluginAPI*) = (void (*)(PluginAPI*)) dlsym(handle, "DestroyPlugin");
    if (!create || !destroy) refuse("it exports no CreatePlugin or no DestroyPlugin%s", NULL);
    // The library's own C++ operator delete[] releases its results (NATIVE_ABI.md); free() when it links none.
    release_result = (void (*)(void*)) dlsym(handle, "_ZdaPv");
    if (!release_result) release_result = free;
    api = create();
    if (!api) refuse("CreatePlugin returned NULL%s", NULL);
    api->notifications = &notifications;  // before Initialize: a library may notify from it
    if (!api->Initialize) refuse("its function table has a NULL Initialize%s", NULL);
    if (api->Initialize() == 0) refuse("Initialize() returned 0%s", NULL);
    declare();

    pthread_attr_t detached;
    pthread_attr_init(&detached);
    pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&detached, 8u << 20);
    for (;;) {
        uint32_t header[3];
        if (!read_full(protocol_in, header, sizeof header)) break;
        if (header[2] > MAX_REQUEST) break;
        char* request = malloc((size_t) header[2] + 1);
        if (!request || !read_full(protocol_in, request, header[2])) break;
        request[header[2]] = 0;
        if (header[0] != 'C') {
            free(request);
            continue;
        }
        struct call* call = malloc(sizeof *call);
        if (!call) break;
        call->id = header[1];
        call->request = request;
        pthread_t thread;
        if (!reentrant || pthread_create(&thread, &detached, run_call, call) != 0) run_call(call);
    }
    api->Shutdown();
    destroy(api);
    fflush(stdout);
    _exit(0);
}

/*
 * jmcp-test-broken-*: TEST-ONLY libraries that are not usable plugins, one defect each, chosen at build time:
 *   -DBROKEN_INITIALIZE   Initialize returns 0
 *   -DBROKEN_NO_DESTROY   DestroyPlugin is not exported
 *   -DBROKEN_SCHEMA       a tool's inputSchema is not JSON
 *   -DBROKEN_NAME         GetName returns NULL
 * jmcp must report each with its reason and skip the library.
 */
#include "jmcp_plugin.h"

#include <stddef.h>

static const PluginTool tools[] = {
#ifdef BROKEN_SCHEMA
    {"ok", "A tool whose schema is broken.", "{\"type\":\"object\",\"properties\":"},
#else
    {"ok", "A tool.", "{\"type\":\"object\"}"},
#endif
};

static const char* get_name(void) {
#ifdef BROKEN_NAME
    return NULL;
#else
    return "jmcp-test-broken";
#endif
}
static const char* get_version(void) { return "1.0.0"; }
static JmcpPluginType get_type(void) { return JMCP_PLUGIN_TOOLS; }
static int initialize(void) {
#ifdef BROKEN_INITIALIZE
    return 0;
#else
    return 1;
#endif
}
static char* handle_request(const char* request) { (void) request; return NULL; }
static void shutdown_plugin(void) { }
static int tool_count(void) { return 1; }
static const PluginTool* tool_at(int index) { return index == 0 ? &tools[0] : NULL; }

static PluginAPI api = {
    get_name, get_version, get_type, initialize, handle_request, shutdown_plugin,
    tool_count, tool_at, NULL, NULL, NULL, NULL, NULL,
};

PluginAPI* CreatePlugin(void) { return &api; }
#ifndef BROKEN_NO_DESTROY
void DestroyPlugin(PluginAPI* plugin) { (void) plugin; }
#endif

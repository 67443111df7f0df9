/**
 * State several jmcp instances behind one load balancer must share: the keys that sign the 2026-07-28
 * {@code requestState}, and the change events ({@code resources/updated}, list changes) every instance's listeners must
 * see. {@link dev.jmcp.server.state.SharedState#LOCAL} keeps both in this process (the default, one instance); a store
 * such as Redis implements the interface for many. Exported: server-redis implements it. Depends on
 * nothing else of the server (the registry reads {@link dev.jmcp.server.state.ListKind} from here).
 */
package dev.jmcp.server.state;

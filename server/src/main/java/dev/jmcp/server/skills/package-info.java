/**
 * The {@code io.modelcontextprotocol/skills} extension (SEP-2640) on the stateless revision: {@link
 * dev.jmcp.server.skills.SkillMethods} answers {@code skills/list}, {@code skills/get} and
 * {@code resources/directory/read} from the registry's skills. The skills' files themselves are ordinary resources
 * (declared by the plugin registrar), read with {@code resources/read}.
 */
package dev.jmcp.server.skills;

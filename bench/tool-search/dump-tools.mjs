// Dumps the verbatim tools/list of one MCP server started over stdio, as one catalog file.
// Usage: node dump-tools.mjs <servers.json> <server-id> <install-root> <out-dir>
// It speaks newline-delimited JSON-RPC itself (no SDK), so the tools are written exactly as the server sent them.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [manifestPath, id, root, outDir] = process.argv.slice(2);
const servers = JSON.parse(readFileSync(manifestPath, 'utf8'));
const s = servers.find((x) => x.server === id);
if (!s) { console.error(`unknown server ${id}`); process.exit(2); }
const at = s.package.lastIndexOf('@');
const pkgName = s.package.slice(0, at);
const pkgDir = join(root, id, 'node_modules', pkgName);
const pkgJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
if (pkgJson.version !== s.package.slice(at + 1)) {
  console.error(`${id}: installed ${pkgJson.version}, manifest says ${s.package}`); process.exit(2);
}
let bin = pkgJson.bin;
if (typeof bin === 'object') bin = s.bin ? bin[s.bin] : Object.values(bin)[0];
const home = join(root, 'home');
mkdirSync(home, { recursive: true });
const scratch = join(root, 'scratch');
const env = { PATH: process.env.PATH, HOME: home };
for (const [k, v] of Object.entries(s.env || {})) env[k] = v.replaceAll('$SCRATCH', scratch);
// files a server insists on reading at start-up (dummy credentials), written into the scratch folder
for (const [name, text] of Object.entries(s.files || {})) { mkdirSync(scratch, { recursive: true }); writeFileSync(join(scratch, name), text); }
const args = [join(pkgDir, bin), ...(s.args || []).map((a) => a.replaceAll('$SCRATCH', scratch))];
mkdirSync(scratch, { recursive: true });
const child = spawn(process.execPath, args, { env, cwd: scratch, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
// the server gets a process group of its own, so that whatever it spawned (some run npx) is killed with it
const killAll = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch { try { child.kill('SIGKILL'); } catch {} } };
const timeoutMs = (s.timeoutSeconds || 60) * 1000;
const timer = setTimeout(() => fail(`no complete tools/list within ${timeoutMs / 1000}s`), timeoutMs);
let stderr = '';
child.stderr.on('data', (d) => { stderr += d; if (stderr.length > 20000) stderr = stderr.slice(-20000); });
child.on('exit', (code) => fail(`server exited with ${code}`));
const pending = new Map();
let nextId = 1;
let buf = '';
child.stdout.on('data', (d) => {
  buf += d;
  let nl;
  while ((nl = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, nl).trim();
    buf = buf.slice(nl + 1);
    if (!line) continue;
    let msg;
    try { msg = JSON.parse(line); } catch { continue; }
    if (msg.id !== undefined && pending.has(msg.id) && !msg.method) {
      pending.get(msg.id)(msg); pending.delete(msg.id);
    } else if (msg.method && msg.id !== undefined) {
      // a request from the server (roots/list, ping...): answer it so it does not wait
      const result = msg.method === 'roots/list' ? { roots: [] } : {};
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }) + '\n');
    }
  }
});
function request(method, params) {
  const rid = nextId++;
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: rid, method, params }) + '\n');
  return new Promise((res) => pending.set(rid, res));
}
function fail(why) {
  console.error(`${id}: ${why}\n--- stderr ---\n${stderr.slice(-3000)}`);
  killAll();
  process.exit(1);
}
const init = await request('initialize', {
  protocolVersion: '2025-06-18', capabilities: { roots: {} }, clientInfo: { name: 'jmcp-bench-collect', version: '1' },
});
if (init.error) fail(`initialize: ${JSON.stringify(init.error)}`);
child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
const tools = [];
let cursor;
for (let page = 0; page < 50; page++) {
  const r = await request('tools/list', cursor ? { cursor } : {});
  if (r.error) fail(`tools/list: ${JSON.stringify(r.error)}`);
  tools.push(...r.result.tools);
  cursor = r.result.nextCursor;
  if (!cursor) break;
}
clearTimeout(timer);
child.removeAllListeners('exit');
killAll();
const out = {
  server: id,
  package: s.package,
  title: s.title,
  description: s.description || pkgJson.description || firstSentence(init.result.instructions)
    || firstSentence(init.result.serverInfo?.description) || '',
  tools,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, `${id}.json`), JSON.stringify(out, null, 2) + '\n');
console.log(`${id}: ${tools.length} tools`);
process.exit(0);

function firstSentence(text) {
  if (typeof text !== 'string') return '';
  const m = text.trim().match(/^[\s\S]*?[.!?](\s|$)/);
  return (m ? m[0] : text).trim().replace(/\s+/g, ' ');
}

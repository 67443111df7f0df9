// The console's browser test: drives Debian's Chromium with playwright-core through the page a person uses.
//
//   node console.mjs CHROMIUM CONSOLE_URL SCREENSHOT_DIR
//
// Checks that the page goes live, lists the plugins (and the broken one, with its reason) and the tools, renders
// hostile text as text, calls the sleep tool from the form generated from its schema and shows the result, and that
// the call appears among the last calls. Then, with the workbench plugin ConsoleIT serves: gets a prompt from its
// form (and sees the error when its required argument is missing), reads a resource and one from a template whose
// variable it fills, shows a failed call's detail and the log lines the call wrote, reloads a plugin (and sees why a
// broken one is not), ends an MCP session this script opened, and shows jmcp dev's failed build. Screenshots go to
// SCREENSHOT_DIR. Prints one "ok ..." line per check and exits 0, or prints what failed and exits 1.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const [executablePath, url, shots] = process.argv.slice(2);
if (!executablePath || !url || !shots) {
  console.error('usage: node console.mjs CHROMIUM CONSOLE_URL SCREENSHOT_DIR');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let failed = false;
const ok = (what) => console.log('ok ' + what);
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.locator('#status', { hasText: 'live' }).waitFor({ timeout: 15000 });
  ok('the page is live');
  await page.locator('#plugins', { hasText: 'sleep' }).waitFor();
  await page.locator('#plugins', { hasText: 'weather' }).waitFor();
  ok('the plugins are listed');
  await page.locator('#failed', { hasText: 'broken.jar' }).waitFor();
  ok('the broken plugin is listed with its reason: ' + (await page.locator('#failed li').first().innerText()).replace(/\s+/g, ' '));
  await page.locator('#tools', { hasText: 'get_weather' }).waitFor();
  ok('the tools are listed');
  const hostile = page.locator('#tools li', { hasText: 'hostile' });
  await hostile.waitFor();
  if (await page.locator('#tools img').count() !== 0) throw new Error('a tool description was rendered as HTML');
  if (await page.evaluate(() => window.pwned) !== undefined) throw new Error('a tool description ran script');
  if (!(await hostile.innerText()).includes('<img src=x onerror=window.pwned=1>')) throw new Error('hostile text not shown as text');
  ok('hostile text is shown as text, never run');
  await page.screenshot({ path: shots + '/console-overview.png', fullPage: true });

  await page.locator('button[data-tool="sleep"]').click();
  await page.locator('#call-tool', { hasText: 'sleep' }).waitFor();
  const field = page.locator('#call-fields input[name="milliseconds"]');
  await field.waitFor();
  if (await field.getAttribute('type') !== 'number') throw new Error('milliseconds is not a number field');
  await field.fill('7');
  await page.screenshot({ path: shots + '/console-form.png', fullPage: true });
  await page.locator('#call-submit').click();
  await page.locator('#call-result', { hasText: 'Slept 7 ms.' }).waitFor({ timeout: 15000 });
  ok('the form built from the schema called the tool: ' + (await page.locator('#call-result').innerText()));
  await page.locator('#calls tr', { hasText: 'sleep' }).first().waitFor({ timeout: 10000 });
  const row = await page.locator('#calls tr', { hasText: 'sleep' }).first().innerText();
  if (!row.includes('tools/call') || !row.includes('ok')) throw new Error('the call row says: ' + row);
  ok('the call appears among the last calls: ' + row.replace(/\s+/g, ' '));
  await page.locator('#sessions', { hasText: 'jmcp-console' }).waitFor();
  ok('the console\'s own session is listed');
  await page.screenshot({ path: shots + '/console-after-call.png', fullPage: true });

  // Prompts: the form has one field per argument; a missing required one is the server's -32602, shown with its code.
  await page.locator('button[data-prompt="greeting"]').click();
  await page.locator('#prompt-name', { hasText: 'greeting' }).waitFor();
  await page.locator('#prompt-submit').click();
  await page.locator('#prompt-result', { hasText: 'Error -32602' }).waitFor({ timeout: 15000 });
  ok('a prompt without its required argument shows the error: ' + (await page.locator('#prompt-result').innerText()).split('\n')[0]);
  await page.locator('#prompt-fields textarea[name="name"]').fill('Ada');
  await page.locator('#prompt-submit').click();
  await page.locator('#prompt-result', { hasText: 'Hello, Ada!' }).waitFor({ timeout: 15000 });
  ok('the prompt is got with its argument from the form: ' + (await page.locator('#prompt-result').innerText()).replace(/\s+/g, ' '));

  // Resources: a listed one, then a template whose variable is filled in a form.
  await page.locator('#resources button[data-resource]').first().click();
  await page.locator('#read-submit').click();
  await page.locator('#read-result').filter({ hasNotText: 'reading' }).filter({ hasText: /\S/ }).waitFor({ timeout: 15000 });
  const read = await page.locator('#read-result').innerText();
  if (read.startsWith('Error') || read.startsWith('The request failed')) throw new Error('reading the resource: ' + read);
  ok('a resource is read: ' + read.replace(/\s+/g, ' ').substring(0, 80));
  await page.locator('button[data-template="note://{name}"]').click();
  await page.locator('#read-fields input[name="name"]').fill('shopping list');
  const uri = await page.locator('#read-uri').inputValue();
  if (uri !== 'note://shopping%20list') throw new Error('the template expanded to ' + uri);
  await page.locator('#read-submit').click();
  await page.locator('#read-result', { hasText: 'Note shopping list' }).waitFor({ timeout: 15000 });
  ok('a resource template is read with its variable filled: ' + uri);
  await page.screenshot({ path: shots + '/console-prompt-resource.png', fullPage: true });

  // A failed call: the tool's isError content in the result, then its detail and its log lines among the last calls.
  await page.locator('button[data-tool="fails"]').click();
  await page.locator('#call-tool', { hasText: 'fails' }).waitFor();
  await page.locator('#call-submit').click();
  await page.locator('#call-result', { hasText: 'Tool error: the widget is broken' }).waitFor({ timeout: 15000 });
  await page.locator('#calls tr', { hasText: 'fails' }).first().locator('button[data-details]').click();
  await page.locator('#detail-title', { hasText: 'fails' }).waitFor();
  await page.locator('#detail-failure', { hasText: 'the widget is broken' }).waitFor();
  await page.locator('#detail-log', { hasText: 'the widget is about to break' }).waitFor({ timeout: 10000 });
  await page.locator('#detail-log', { hasText: 'about to break' }).waitFor();
  ok('a failed call shows its detail: ' + (await page.locator('#detail-failure').innerText()).replace(/\s+/g, ' '));
  ok('the call\'s log lines are shown: ' + (await page.locator('#detail-log').innerText()).replace(/\n/g, ' | '));
  await page.screenshot({ path: shots + '/console-failed-call.png', fullPage: true });
  await page.locator('#calls tr', { hasText: 'prompts/get' }).filter({ hasText: 'error' }).first()
    .locator('button[data-details]').click();
  await page.locator('#detail-failure', { hasText: 'JSON-RPC error -32602' }).waitFor();
  ok('a JSON-RPC error shows its code and message: ' + (await page.locator('#detail-failure').innerText()).replace(/\s+/g, ' '));

  // Reload: a serving plugin reloads; the broken file is tried again and says why it still fails.
  await page.locator('button[data-reload="workbench.jar"]').click();
  await page.locator('#plugin-result', { hasText: 'Reloaded workbench' }).waitFor({ timeout: 15000 });
  ok('a plugin is reloaded from the console: ' + await page.locator('#plugin-result').innerText());
  await page.locator('button[data-reload="broken.jar"]').click();
  await page.locator('#plugin-result', { hasText: 'Not reloaded' }).waitFor({ timeout: 15000 });
  ok('a broken plugin is tried again and says why not: ' + (await page.locator('#plugin-result').innerText()).substring(0, 120));

  // Sessions: one this script opens over MCP is listed with its age, and ended from the console.
  const mcp = new URL('/mcp', url).toString();
  const opened = await fetch(mcp, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25',
      capabilities: {}, clientInfo: { name: 'browser-visitor', version: '3' } } }),
  });
  const mcpSession = opened.headers.get('mcp-session-id');
  if (!mcpSession) throw new Error('no MCP session opened: HTTP ' + opened.status);
  const visitor = page.locator('#sessions tr', { hasText: 'browser-visitor' });
  await visitor.waitFor({ timeout: 10000 });
  ok('the session is listed: ' + (await visitor.innerText()).replace(/\s+/g, ' '));
  await visitor.locator('button[data-end]').click();
  await page.locator('#session-result', { hasText: 'Ended session' }).waitFor({ timeout: 10000 });
  await visitor.waitFor({ state: 'detached', timeout: 10000 });
  const gone = await fetch(mcp, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
      'Mcp-Session-Id': mcpSession }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });
  if (gone.status !== 404) throw new Error('the ended session still answers: HTTP ' + gone.status);
  ok('the session is ended from the console and its client finds it gone (HTTP 404)');

  // jmcp dev's last build, as the file it writes says: failed, with the compiler's output.
  await page.locator('#build-status', { hasText: 'FAILED' }).waitFor({ timeout: 10000 });
  await page.locator('#build-output', { hasText: "';' expected" }).waitFor();
  ok('a failed build is shown: ' + (await page.locator('#build-note').innerText()));
  await page.screenshot({ path: shots + '/console-sessions-build.png', fullPage: true });
  if (errors.length) throw new Error('the page threw: ' + errors.join('; '));
  ok('no script error on the page');
} catch (e) {
  failed = true;
  console.log('FAILED ' + (e && e.message ? e.message : e));
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

// The console's browser test: drives Debian's Chromium with playwright-core through the page a person uses.
//
//   node console.mjs CHROMIUM CONSOLE_URL SCREENSHOT_DIR
//
// Checks that the page goes live, lists the plugins (and the broken one, with its reason) and the tools, renders
// hostile text as text, calls the sleep tool from the form generated from its schema and shows the result, and that
// the call appears among the last calls. Screenshots go to SCREENSHOT_DIR. Prints one "ok ..." line per check and
// exits 0, or prints what failed and exits 1.
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
  if (errors.length) throw new Error('the page threw: ' + errors.join('; '));
  ok('no script error on the page');
} catch (e) {
  failed = true;
  console.log('FAILED ' + (e && e.message ? e.message : e));
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

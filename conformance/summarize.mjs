// Summarizes one conformance run: reads the suite's -o directory (one "server-<scenario>-<timestamp>/checks.json"
// per scenario) and its console log (DIR.log, which names every scenario started), prints
//   conformance <rev>: scenarios <passed>/<total>, checks <passed>/<total>
// and below it every failed scenario with its failed checks. A scenario fails when any check is FAILURE, when it
// recorded no checks, or when it started but left no results. A check passes unless its status is FAILURE
// (WARNING, INFO and SKIPPED never fail a scenario). Exit status 1 when any scenario failed or none ran.
import fs from 'node:fs';
import path from 'node:path';

const [rev, dir] = process.argv.slice(2);
if (!rev || !dir) {
  console.error('usage: summarize.mjs <revision> <results dir>');
  process.exit(2);
}
const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

const scenarios = new Map(); // name -> { checks: [...] | null, problem: string | null }
const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
  const match = RESULT_DIR.exec(entry.name);
  if (!match) continue;
  const file = path.join(dir, entry.name, 'checks.json');
  let record;
  try {
    const checks = JSON.parse(fs.readFileSync(file, 'utf8'));
    record = Array.isArray(checks) && checks.length > 0
      ? { checks, problem: null }
      : { checks: [], problem: 'it recorded no checks' };
  } catch (e) {
    record = { checks: [], problem: `its ${path.relative(dir, file)} is unreadable: ${e.message}` };
  }
  scenarios.set(match[1], record); // sorted by name, so a later run of the same scenario wins
}

const log = `${dir.replace(/\/+$/, '')}.log`;
if (fs.existsSync(log)) {
  for (const [, name] of fs.readFileSync(log, 'utf8').matchAll(/^=== Running scenario: (\S+) ===$/gm)) {
    if (!scenarios.has(name)) scenarios.set(name, { checks: [], problem: 'it started but left no results' });
  }
}

let scenariosPassed = 0;
let checksPassed = 0;
let checksTotal = 0;
const report = [];
for (const [name, { checks, problem }] of [...scenarios].sort(([a], [b]) => a.localeCompare(b))) {
  const failed = checks.filter((c) => c.status === 'FAILURE');
  checksTotal += checks.length;
  checksPassed += checks.length - failed.length;
  if (failed.length === 0 && !problem) {
    scenariosPassed++;
    continue;
  }
  report.push(`  FAILED ${name}${problem ? `: ${problem}` : ''}`);
  for (const check of failed) report.push(`    ${check.id}: ${describe(check)}`);
}

console.log(`conformance ${rev}: scenarios ${scenariosPassed}/${scenarios.size}, checks ${checksPassed}/${checksTotal}`);
if (scenarios.size === 0) console.log(`  the suite ran no scenario (see ${log})`);
for (const line of report) console.log(line);
process.exit(scenarios.size > 0 && report.length === 0 ? 0 : 1);

function describe(check) {
  const parts = [];
  if (check.errorMessage) parts.push(check.errorMessage);
  const violations = check.details?.violations;
  if (Array.isArray(violations) && violations.length > 0) {
    parts.push(`${violations.length} schema violation(s), first: ${oneLine(JSON.stringify(violations[0]), 300)}`);
  }
  if (parts.length === 0) parts.push(check.description ?? 'no message');
  return oneLine(parts.join('; '), 600);
}

function oneLine(text, max) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

// Summarizes one conformance run: reads the suite's -o directory (one "server-<scenario>-<timestamp>/checks.json"
// per scenario; the client runs leave "<scenario>-<timestamp>") and its console log (DIR.log, which names every scenario started), prints
//   conformance <rev>: scenarios <passed>/<total>, checks <passed>/<total>
// and below it every failed scenario with its failed checks. A scenario fails when any check is FAILURE, when it
// recorded no checks, or when it started but left no results. Checks count those that judge something: INFO checks
// (the suite's narration of what it sent and received) are left out of both numbers and reported apart; a WARNING
// or SKIPPED check is counted, and passes only when it is SUCCESS. Exit status 1 when any scenario failed or none ran.
import fs from 'node:fs';
import path from 'node:path';

const [rev, dir] = process.argv.slice(2);
if (!rev || !dir) {
  console.error('usage: summarize.mjs <revision> <results dir>');
  process.exit(2);
}
const RESULT_DIR = /^(?:server-)?(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

const scenarios = new Map(); // name -> { checks: [...] | null, problem: string | null }
// A scenario named "auth/x" leaves its results in "auth/x-<timestamp>": one level of folders is followed.
const resultDirs = [];
const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
  if (RESULT_DIR.test(entry.name)) {
    resultDirs.push(entry.name);
    continue;
  }
  for (const inner of fs.readdirSync(path.join(dir, entry.name), { withFileTypes: true })) {
    if (inner.isDirectory() && RESULT_DIR.test(inner.name)) resultDirs.push(`${entry.name}/${inner.name}`);
  }
}
for (const relative of resultDirs.sort()) {
  const match = RESULT_DIR.exec(path.basename(relative));
  const prefix = path.dirname(relative) === '.' ? '' : `${path.dirname(relative)}/`;
  match[1] = prefix + match[1];
  const file = path.join(dir, relative, 'checks.json');
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
let informational = 0;
const notPassed = new Map();
const report = [];
for (const [name, { checks, problem }] of [...scenarios].sort(([a], [b]) => a.localeCompare(b))) {
  const failed = checks.filter((c) => c.status === 'FAILURE');
  const judged = checks.filter((c) => c.status !== 'INFO');
  informational += checks.length - judged.length;
  checksTotal += judged.length;
  checksPassed += judged.filter((c) => c.status === 'SUCCESS').length;
  for (const c of judged) if (c.status !== 'SUCCESS' && c.status !== 'FAILURE') {
    notPassed.set(c.status, (notPassed.get(c.status) ?? 0) + 1);
  }
  if (failed.length === 0 && !problem) {
    scenariosPassed++;
    continue;
  }
  report.push(`  FAILED ${name}${problem ? `: ${problem}` : ''}`);
  for (const check of failed) report.push(`    ${check.id}: ${describe(check)}`);
}

const aside = [...notPassed].map(([status, n]) => `${n} ${status}`);
if (informational > 0) aside.push(`${informational} INFO not counted`);
console.log(`conformance ${rev}: scenarios ${scenariosPassed}/${scenarios.size}, checks ${checksPassed}/${checksTotal}`
  + (aside.length > 0 ? ` (${aside.join(', ')})` : ''));
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

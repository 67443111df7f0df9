// The jmcp console: polls /console/api/state and renders it; calls a tool from a form made from its input schema,
// gets prompts and reads resources (templates filled from a form), reloads plugins, ends sessions, and shows each
// call's failure and log lines, each plugin's log lines outside calls, and jmcp dev's last build.
// Everything from the server is set as text (textContent, value), never as HTML.
'use strict';

const $ = (id) => document.getElementById(id);
let tools = [];
let selected = null;

function headers(extra) {
  const h = Object.assign({}, extra);
  const token = sessionStorage.getItem('jmcp-token');
  if (token) h['Authorization'] = 'Bearer ' + token;
  return h;
}

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

const shown = {};

// Renders items into the element id, unless they are what it already shows (buttons stay put between polls).
function list(id, items, render) {
  const key = JSON.stringify(items);
  if (shown[id] === key) return;
  shown[id] = key;
  const target = $(id);
  target.replaceChildren(...items.map(render));
  if (items.length === 0) target.replaceChildren(el('li', 'none', 'muted'));
}

function rows(id, items, render) {
  const key = JSON.stringify(items);
  if (shown[id] === key) return;
  shown[id] = key;
  $(id).replaceChildren(...items.map(render));
}

function button(text, data, action, className) {
  const b = el('button', text, className ? 'small ' + className : 'small');
  b.type = 'button';
  Object.assign(b.dataset, data);
  b.addEventListener('click', action);
  return b;
}

function card(title, plugin, description, action) {
  const li = el('li');
  const text = el('div');
  text.append(el('strong', title));
  if (plugin) text.append(el('span', plugin, 'plugin-tag'));
  if (description) text.append(el('div', description, 'muted'));
  li.append(text, action);
  return li;
}

let state = null;
let selectedCall = null;
const openLogs = new Set();

function age(seconds) {
  if (seconds < 60) return seconds + ' s';
  if (seconds < 3600) return Math.floor(seconds / 60) + ' min';
  return Math.floor(seconds / 3600) + ' h ' + Math.floor((seconds % 3600) / 60) + ' min';
}

function render(next) {
  state = next;
  $('server-name').textContent = state.server.name;
  $('server-version').textContent = state.server.version;
  list('plugins', state.plugins, (p) => {
    const li = el('li');
    const text = el('div', p.name);
    text.append(el('span', p.file, 'plugin-tag'));
    if (p.log.length) {
      // Lines of the plugin no call could be given (its own threads, a child process's standard error).
      const log = el('details', null, 'plugin-log');
      log.open = openLogs.has(p.name);
      log.addEventListener('toggle', () => { if (log.open) openLogs.add(p.name); else openLogs.delete(p.name); });
      log.append(el('summary', p.log.length + ' log line' + (p.log.length === 1 ? '' : 's') + ' outside calls'),
        el('pre', p.log.join('\n')));
      text.append(log);
    }
    li.append(text, button('Reload', { reload: p.file }, () => reload(p.file)));
    return li;
  });
  $('failed').className = 'cards failed';
  list('failed', state.failed, (f) => {
    const li = el('li');
    const text = el('div');
    text.append(el('strong', f.file), el('div', f.reason, 'muted'));
    li.append(text, button('Retry', { reload: f.file }, () => reload(f.file)));
    return li;
  });
  tools = state.tools;
  list('tools', state.tools, (t) => card(t.name, t.plugin, t.description,
    button('Call', { tool: t.name }, () => choose(t.name))));
  list('prompts', state.prompts, (p) => card(p.name, p.plugin, p.description,
    button('Get', { prompt: p.name }, () => choosePrompt(p.name))));
  list('resources', state.resources, (r) => card(r.uri, r.plugin, r.name + (r.description ? ' — ' + r.description : ''),
    button('Read', { resource: r.uri }, () => chooseResource(r.uri, null))));
  list('templates', state.templates, (t) => card(t.uriTemplate, t.plugin, t.name + (t.description ? ' — ' + t.description : ''),
    button('Read', { template: t.uriTemplate }, () => chooseResource(null, t))));
  rows('sessions', state.sessions, (s) => {
    const tr = el('tr');
    const end = button('End', { end: s.id }, () => endSession(s.id), 'danger');
    tr.append(el('td', s.id), el('td', s.client + (s.console ? ' (this console)' : '')), el('td', s.protocolVersion),
      el('td', s.inFlight), el('td', age(s.ageSeconds)), el('td'));
    tr.lastChild.append(end);
    return tr;
  });
  rows('calls', state.calls, (c) => {
    const tr = el('tr');
    tr.dataset.call = c.number;
    if (c.number === selectedCall) tr.className = 'selected';
    const outcome = c.outcome + (c.errorCode ? ' ' + c.errorCode : '') + (c.error ? ': ' + c.error : '');
    tr.append(el('td', c.at.substring(11, 23)), el('td', c.method), el('td', c.target), el('td', c.plugin),
      el('td', c.session), el('td', outcome, c.outcome), el('td', c.durationMs), el('td'));
    tr.lastChild.append(button('Details' + (c.log.length ? ' (' + c.log.length + ' log)' : ''), { details: c.number },
      () => { selectedCall = c.number; shown.calls = null; render(state); }));
    return tr;
  });
  renderDetail();
  renderBuild();
}

function renderDetail() {
  const call = selectedCall === null ? null : state.calls.find((c) => c.number === selectedCall);
  if (!call) { $('detail-section').hidden = true; return; }
  $('detail-section').hidden = false;
  $('detail-title').textContent = '#' + call.number + ' ' + call.method + (call.target ? ' ' + call.target : '');
  const facts = [['at', call.at], ['session', call.session || '(stateless)'], ['request id', call.id],
    ['plugin', call.plugin], ['outcome', call.outcome], ['duration', call.durationMs + ' ms']];
  if (call.errorCode) facts.push(['error code', call.errorCode]);
  const dl = $('detail-facts');
  dl.replaceChildren();
  facts.forEach(([k, v]) => dl.append(el('dt', k), el('dd', v)));
  let failure = 'none';
  if (call.outcome === 'error') {
    failure = 'JSON-RPC error ' + call.errorCode + ': ' + call.error + (call.detail ? '\ndata: ' + pretty(call.detail) : '');
  } else if (call.outcome === 'tool_error') {
    failure = 'The tool answered isError: true\nresult: ' + pretty(call.detail);
  } else if (call.outcome === 'cancelled') {
    failure = 'cancelled before it was answered';
  }
  $('detail-failure').textContent = failure;
  $('detail-log').textContent = call.log.length ? call.log.join('\n') : 'no log line while it ran';
}

function pretty(json) {
  try { return JSON.stringify(JSON.parse(json), null, 2); } catch (e) { return json; }
}

function renderBuild() {
  const build = state.build;
  if (!build) { $('build-section').hidden = true; return; }
  $('build-section').hidden = false;
  $('build-section').className = 'wide ' + (build.ok ? 'ok' : 'failed');
  $('build-status').textContent = build.ok ? 'succeeded' : 'FAILED';
  $('build-status').className = build.ok ? 'ok' : 'failed';
  $('build-note').textContent = (build.at ? build.at.substring(0, 19).replace('T', ' ') + ' UTC, ' : '')
    + (build.millis / 1000).toFixed(1) + ' s' + (build.ok ? '' : '; the last good version keeps serving');
  $('build-output').textContent = build.output || '(no output)';
  $('build-output').hidden = build.ok && !build.output;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body),
  });
  let answer;
  try { answer = await response.json(); } catch (e) { answer = { error: 'HTTP ' + response.status }; }
  if (!response.ok) throw new Error(answer.error || 'HTTP ' + response.status);
  return answer;
}

// A JSON-RPC answer as a person reads it: the texts of a result, or the error with its code and data.
function answerText(answer, texts) {
  if (answer.error) {
    const e = answer.error;
    return 'Error' + (e.code !== undefined ? ' ' + e.code : '') + ': ' + e.message
      + (e.data !== undefined ? '\ndata: ' + JSON.stringify(e.data, null, 2) : '');
  }
  return texts(answer.result || {});
}

async function reload(file) {
  $('plugin-result').textContent = 'reloading ' + file + '…';
  try {
    const answer = await post('api/reload', { file });
    $('plugin-result').textContent = 'Reloaded ' + answer.reloaded + ' from ' + answer.file;
  } catch (e) {
    $('plugin-result').textContent = 'Not reloaded: ' + e.message;
  }
  refresh();
}

async function endSession(id) {
  try {
    await post('api/end-session', { id });
    $('session-result').textContent = 'Ended session ' + id;
  } catch (e) {
    $('session-result').textContent = 'Not ended: ' + e.message;
  }
  refresh();
}

let selectedPrompt = null;

function choosePrompt(name) {
  selectedPrompt = state.prompts.find((p) => p.name === name);
  if (!selectedPrompt) return;
  $('prompt-section').hidden = false;
  $('prompt-name').textContent = selectedPrompt.name;
  $('prompt-description').textContent = selectedPrompt.description;
  const container = $('prompt-fields');
  container.replaceChildren();
  selectedPrompt.arguments.forEach((a) => {
    const label = el('label');
    label.append(el('span', a.name + (a.required ? ' *' : '') + (a.description ? ' — ' + a.description : '')));
    const input = el('textarea');
    input.rows = 1;
    input.name = a.name;
    label.append(input);
    container.append(label);
  });
  $('prompt-result').textContent = '';
}

async function getPrompt(event) {
  event.preventDefault();
  if (!selectedPrompt) return;
  const args = {};
  $('prompt-fields').querySelectorAll('textarea').forEach((t) => { if (t.value !== '') args[t.name] = t.value; });
  $('prompt-result').textContent = 'getting…';
  try {
    const answer = await post('api/prompt', { name: selectedPrompt.name, arguments: args });
    $('prompt-result').textContent = answerText(answer, (r) => (r.description ? r.description + '\n\n' : '')
      + (r.messages || []).map((m) => m.role + ': ' + (m.content && m.content.type === 'text'
        ? m.content.text : JSON.stringify(m.content))).join('\n\n'));
  } catch (e) {
    $('prompt-result').textContent = 'The request failed: ' + e.message;
  }
  refresh();
}

let selectedTemplate = null;

// RFC 6570 as the server matches templates: {name}, {+name} (reserved characters kept), {#name}; lists with commas.
function expand(template, values) {
  return template.replace(/\{([+#]?)([A-Za-z0-9_.,]+)\}/g, (_, op, names) => {
    const encode = op ? encodeURI : encodeURIComponent;
    const parts = names.split(',').filter((n) => values[n] !== undefined && values[n] !== '').map((n) => encode(values[n]));
    return parts.length ? (op === '#' ? '#' : '') + parts.join(',') : '';
  });
}

function templateValues() {
  const values = {};
  $('read-fields').querySelectorAll('input').forEach((i) => { values[i.name] = i.value; });
  return values;
}

function chooseResource(uri, template) {
  selectedTemplate = template;
  $('read-section').hidden = false;
  const container = $('read-fields');
  container.replaceChildren();
  if (template) {
    $('read-description').textContent = template.uriTemplate + ' — fill its variables';
    template.variables.forEach((v) => {
      const label = el('label');
      label.append(el('span', v + ' *'));
      const input = el('input');
      input.type = 'text';
      input.name = v;
      input.addEventListener('input', () => { $('read-uri').value = expand(template.uriTemplate, templateValues()); });
      label.append(input);
      container.append(label);
    });
    $('read-uri').value = expand(template.uriTemplate, {});
  } else {
    $('read-description').textContent = '';
    $('read-uri').value = uri;
  }
  $('read-result').textContent = '';
}

async function readResource(event) {
  event.preventDefault();
  if (selectedTemplate) {
    const missing = selectedTemplate.variables.filter((v) => !templateValues()[v]);
    if (missing.length) { $('read-result').textContent = 'Fill ' + missing.join(', ') + ' first'; return; }
  }
  const uri = $('read-uri').value.trim();
  $('read-result').textContent = 'reading…';
  try {
    const answer = await post('api/resource', { uri });
    $('read-result').textContent = answerText(answer, (r) => (r.contents || []).map((c) => (c.text !== undefined
      ? c.text : '[' + (c.mimeType || 'binary') + ', ' + (c.blob || '').length + ' base64 characters]')).join('\n'));
  } catch (e) {
    $('read-result').textContent = 'The request failed: ' + e.message;
  }
  refresh();
}

async function refresh() {
  try {
    const response = await fetch('api/state', { headers: headers() });
    if (!response.ok) throw new Error(response.status === 401 || response.status === 403
      ? 'authorization required: paste a token above' : 'HTTP ' + response.status);
    render(await response.json());
    $('status').textContent = 'live';
    $('status').className = '';
  } catch (e) {
    $('status').textContent = String(e.message || e);
    $('status').className = 'down';
  }
}

// The form: one field per property of the input schema; nested objects as fieldsets; anything else as JSON text.
function field(name, schema, required, depth) {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const label = el('label');
  label.append(el('span', name + (required ? ' *' : '') + (schema.description ? ' — ' + schema.description : '')));
  let input;
  if (Array.isArray(schema.enum)) {
    input = el('select');
    if (!required) input.append(el('option', ''));
    schema.enum.forEach((v) => { const o = el('option', v); o.value = JSON.stringify(v); input.append(o); });
    input.dataset.kind = 'enum';
  } else if (type === 'boolean') {
    input = el('input'); input.type = 'checkbox'; input.dataset.kind = 'boolean';
  } else if (type === 'integer' || type === 'number') {
    input = el('input'); input.type = 'number'; input.step = type === 'integer' ? '1' : 'any';
    input.dataset.kind = type;
  } else if (type === 'string') {
    input = el('input'); input.type = 'text'; input.dataset.kind = 'string';
  } else if (type === 'array' && schema.items && ['string', 'number', 'integer'].includes(schema.items.type)) {
    input = el('input'); input.type = 'text'; input.placeholder = 'comma-separated';
    input.dataset.kind = 'list-' + schema.items.type;
  } else if (type === 'object' && schema.properties && depth < 2) {
    const set = el('fieldset');
    set.append(el('legend', name));
    set.dataset.kind = 'object';
    set.dataset.name = name;
    fields(set, schema, depth + 1);
    return set;
  } else {
    input = el('textarea'); input.rows = 2; input.placeholder = 'JSON'; input.dataset.kind = 'json';
  }
  if (schema.default !== undefined && input.type !== 'checkbox') input.value = typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default);
  if (schema.default === true && input.type === 'checkbox') input.checked = true;
  input.name = name;
  input.dataset.name = name;
  input.dataset.required = required ? 'true' : 'false';
  label.append(input);
  return label;
}

function fields(container, schema, depth) {
  const required = schema.required || [];
  Object.entries(schema.properties || {}).forEach(([name, property]) =>
    container.append(field(name, property || {}, required.includes(name), depth)));
}

function collect(container) {
  const value = {};
  for (const child of container.children) {
    const node = child.tagName === 'LABEL' ? child.querySelector('[data-name]') : child;
    if (!node || !node.dataset || !node.dataset.name) continue;
    const kind = node.dataset.kind;
    const name = node.dataset.name;
    if (kind === 'object') { value[name] = collect(node); continue; }
    if (kind === 'boolean') { value[name] = node.checked; continue; }
    const raw = node.value;
    if (raw === '' ) { if (node.dataset.required === 'true' && kind === 'string') value[name] = ''; continue; }
    if (kind === 'integer' || kind === 'number') value[name] = Number(raw);
    else if (kind === 'enum') value[name] = JSON.parse(raw);
    else if (kind === 'json') value[name] = JSON.parse(raw);
    else if (kind.startsWith('list-')) value[name] = raw.split(',').map((s) => s.trim()).filter((s) => s)
      .map((s) => (kind === 'list-string' ? s : Number(s)));
    else value[name] = raw;
  }
  return value;
}

function choose(name) {
  selected = tools.find((t) => t.name === name);
  if (!selected) return;
  $('call-section').hidden = false;
  $('call-tool').textContent = selected.name;
  $('call-description').textContent = selected.description;
  const container = $('call-fields');
  container.replaceChildren();
  fields(container, selected.inputSchema || {}, 0);
  $('call-json').value = '';
  $('call-result').textContent = '';
}

async function call(event) {
  event.preventDefault();
  if (!selected) return;
  let args;
  try {
    args = $('call-json').value.trim() ? JSON.parse($('call-json').value) : collect($('call-fields'));
  } catch (e) {
    $('call-result').textContent = 'Arguments are not valid JSON: ' + e.message;
    return;
  }
  $('call-result').textContent = 'calling…';
  try {
    const answer = await post('api/call', { tool: selected.name, arguments: args });
    $('call-result').textContent = answerText(answer, (r) => {
      const texts = (r.content || []).filter((c) => c.type === 'text').map((c) => c.text);
      const text = texts.length ? texts.join('\n') : JSON.stringify(r, null, 2);
      return (r.isError ? 'Tool error: ' : '') + text;
    });
  } catch (e) {
    $('call-result').textContent = 'The call failed: ' + e.message;
  }
  refresh();
}

document.addEventListener('DOMContentLoaded', () => {
  $('token').value = sessionStorage.getItem('jmcp-token') || '';
  $('token').addEventListener('change', () => { sessionStorage.setItem('jmcp-token', $('token').value.trim()); refresh(); });
  $('call-form').addEventListener('submit', call);
  $('prompt-form').addEventListener('submit', getPrompt);
  $('read-form').addEventListener('submit', readResource);
  refresh();
  setInterval(refresh, 1000);
});

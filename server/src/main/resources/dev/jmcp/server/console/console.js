// The jmcp console: polls /console/api/state and renders it; calls a tool from a form made from its input schema.
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

function list(id, items, render) {
  const target = $(id);
  target.replaceChildren(...items.map(render));
  if (items.length === 0) target.replaceChildren(el('li', 'none', 'muted'));
}

function render(state) {
  $('server-name').textContent = state.server.name;
  $('server-version').textContent = state.server.version;
  list('plugins', state.plugins, (p) => {
    const li = el('li', p.name);
    li.append(el('span', p.file, 'plugin-tag'));
    return li;
  });
  $('failed').className = 'failed';
  list('failed', state.failed, (f) => {
    const li = el('li');
    li.append(el('strong', f.file), el('div', f.reason, 'muted'));
    return li;
  });
  tools = state.tools;
  list('tools', state.tools, (t) => {
    const li = el('li');
    const text = el('div');
    const name = el('strong', t.name);
    text.append(name, el('span', t.plugin, 'plugin-tag'), el('div', t.description, 'muted'));
    const button = el('button', 'Call');
    button.type = 'button';
    button.dataset.tool = t.name;
    button.addEventListener('click', () => choose(t.name));
    li.append(text, button);
    return li;
  });
  list('prompts', state.prompts, (p) => el('li', p.name + ' — ' + p.description));
  list('resources', state.resources, (r) => el('li', r.uri + (r.name ? ' — ' + r.name : '')));
  $('sessions').replaceChildren(...state.sessions.map((s) => {
    const tr = el('tr');
    tr.append(el('td', s.id), el('td', s.client), el('td', s.protocolVersion), el('td', s.inFlight));
    return tr;
  }));
  $('calls').replaceChildren(...state.calls.map((c) => {
    const tr = el('tr');
    tr.append(el('td', c.at.substring(11, 23)), el('td', c.method), el('td', c.target), el('td', c.plugin),
      el('td', c.session), el('td', c.outcome + (c.error ? ': ' + c.error : ''), c.outcome), el('td', c.durationMs));
    return tr;
  }));
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
    const response = await fetch('api/call', {
      method: 'POST', headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ tool: selected.name, arguments: args }),
    });
    const answer = await response.json();
    if (answer.result) {
      const texts = (answer.result.content || []).filter((c) => c.type === 'text').map((c) => c.text);
      const shown = texts.length ? texts.join('\n') : JSON.stringify(answer.result, null, 2);
      $('call-result').textContent = (answer.result.isError ? 'Tool error: ' : '') + shown;
    } else {
      $('call-result').textContent = 'Error: ' + JSON.stringify(answer.error || answer, null, 2);
    }
  } catch (e) {
    $('call-result').textContent = 'The call failed: ' + e.message;
  }
  refresh();
}

document.addEventListener('DOMContentLoaded', () => {
  $('token').value = sessionStorage.getItem('jmcp-token') || '';
  $('token').addEventListener('change', () => { sessionStorage.setItem('jmcp-token', $('token').value.trim()); refresh(); });
  $('call-form').addEventListener('submit', call);
  refresh();
  setInterval(refresh, 1000);
});

#!/usr/bin/env python3
"""Checks the evaluation set: catalog files well formed, every label of queries.jsonl names a tool of the catalog,
ids unique, splits and languages as documented. Prints the counts; exits non-zero on any problem."""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
problems = []
tools = set()
servers = 0
for f in sorted((HERE / 'catalog').glob('*.json')):
    d = json.loads(f.read_text(encoding='utf-8'))
    servers += 1
    if d.get('server') != f.stem or not re.fullmatch(r'[a-z0-9-]+', f.stem):
        problems.append(f'{f.name}: server id does not match the file name or is not [a-z0-9-]+')
    if not re.fullmatch(r'.+@\d+\.\d+\.\d+.*', d.get('package', '')):
        problems.append(f'{f.name}: package is not name@exact-version')
    for k in ('title', 'description'):
        if not isinstance(d.get(k), str) or not d[k]:
            problems.append(f'{f.name}: {k} missing')
    names = [t['name'] for t in d['tools']]
    if len(names) != len(set(names)):
        problems.append(f'{f.name}: duplicate tool names')
    for t in d['tools']:
        if 'inputSchema' not in t:
            problems.append(f'{f.name}: {t["name"]} has no inputSchema')
        tools.add(f'{d["server"]}/{t["name"]}')
ids = set()
langs = Counter()
splits = Counter()
lang_split = Counter()
used = Counter()
queries = [json.loads(l) for l in (HERE / 'queries.jsonl').read_text(encoding='utf-8').splitlines() if l.strip()]
for q in queries:
    if set(q) != {'id', 'query', 'lang', 'split', 'relevant'}:
        problems.append(f'{q.get("id")}: fields are {sorted(q)}')
    if q['id'] in ids or not re.fullmatch(r'[qf]\d{4}', q['id']):
        problems.append(f'{q["id"]}: duplicate or malformed id')
    ids.add(q['id'])
    if q['split'] not in ('dev', 'test', 'fresh') or (q['split'] == 'fresh') != q['id'].startswith('f'):
        problems.append(f'{q["id"]}: split {q["split"]}')
    if not re.fullmatch(r'[a-z]{2}', q['lang']):
        problems.append(f'{q["id"]}: lang {q["lang"]}')
    if not q['query'].strip():
        problems.append(f'{q["id"]}: empty query')
    if not q['relevant'] or len(q['relevant']) != len(set(q['relevant'])):
        problems.append(f'{q["id"]}: no relevant tool, or one twice')
    for r in q['relevant']:
        if r not in tools:
            problems.append(f'{q["id"]}: {r} is not in the catalog')
        used[r.split('/')[0]] += 1
    langs[q['lang']] += 1
    splits[q['split']] += 1
    lang_split[(q['lang'], q['split'])] += 1
texts = Counter(q['query'] for q in queries)
problems += [f'request written twice: {t}' for t, c in texts.items() if c > 1]
non_en = sum(c for l, c in langs.items() if l != 'en')
print(f'servers {servers}, tools {len(tools)}, requests {len(queries)} '
      f'(dev {splits["dev"]}, test {splits["test"]}, fresh {splits["fresh"]}), not English {non_en} ({non_en / max(1, len(queries)):.0%})')
for l, c in langs.most_common():
    print(f'  {l}: {c} (dev {lang_split[(l, "dev")]}, test {lang_split[(l, "test")]}, fresh {lang_split[(l, "fresh")]})')
unlabelled = sorted({f.stem for f in (HERE / 'catalog').glob('*.json')} - set(used))
print(f'servers no request points to: {", ".join(unlabelled) or "none"}')
# requests must be in the user's words: warn when one repeats five or more words of a relevant tool's description
desc = {}
for f in (HERE / 'catalog').glob('*.json'):
    d = json.loads(f.read_text(encoding='utf-8'))
    for t in d['tools']:
        desc[f'{d["server"]}/{t["name"]}'] = ' '.join(re.findall(r"[a-z0-9']+", (t.get('description') or '').lower()))
for q in queries:
    w = re.findall(r"[a-z0-9']+", q['query'].lower())
    copied = next((' '.join(w[i:i + 5]) for i in range(len(w) - 4)
                   if any(' '.join(w[i:i + 5]) in desc.get(r, '') for r in q['relevant'])), None)
    if copied:
        print(f'warning: {q["id"]} repeats its tool\'s description: "{copied}"')
for p in problems:
    print('PROBLEM:', p)
sys.exit(1 if problems else 0)

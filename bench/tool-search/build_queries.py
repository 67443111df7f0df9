#!/usr/bin/env python3
"""Builds queries.jsonl from queries.src (the hand-written requests and their labels).

queries.src holds, one a line:
  @NAME = server/tool server/tool ...      a named set of tools (a group of equivalent tools across servers)
  LANG | request text | labels             a request; labels are server/tool ids and @NAME sets, space separated
Blank lines and lines starting with # are comments. A label '-server/tool' removes that tool from the sets before it.

ids are given in file order (q0001, q0002, ...). The split is deterministic and balanced per language: counting the
requests of each language separately in file order (1, 2, 3, ...), every third one (3, 6, 9, ...) is "test", the
others are "dev".

fresh.src, in the same format with sets of its own, holds the "fresh" split: requests written later by an annotator who
saw only the catalog and these rules, never the requests above, the product's word lists or any ranking, to measure
how the search does on requests nobody tuned anything near. Its ids are f0001, f0002, ...; it is never tuned on.
"""
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main():
    out = read('queries.src', 'q', lambda lang, count: 'test' if count % 3 == 0 else 'dev')
    out += read('fresh.src', 'f', lambda lang, count: 'fresh')
    with open(HERE / 'queries.jsonl', 'w', encoding='utf-8') as f:
        for q in out:
            f.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(f'{len(out)} requests written to queries.jsonl')


def read(name, prefix, split_of):
    """The requests of one source file, with ids PREFIX0001... and the split split_of(lang, nth of that lang) gives."""
    sets = {}
    out = []
    per_lang = Counter()
    for n, raw in enumerate((HERE / name).read_text(encoding='utf-8').splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith('#'):
            continue
        if line.startswith('@'):
            set_name, _, body = line.partition('=')
            sets[set_name.strip()] = expand(body.split(), sets, name, n)
            continue
        parts = [p.strip() for p in line.split('|')]
        if len(parts) != 3:
            sys.exit(f'{name}:{n}: expected "lang | request | labels"')
        lang, text, labels = parts
        relevant = expand(labels.split(), sets, name, n)
        if not relevant:
            sys.exit(f'{name}:{n}: no relevant tool')
        per_lang[lang] += 1
        out.append({'id': f'{prefix}{len(out) + 1:04d}', 'query': text, 'lang': lang,
                    'split': split_of(lang, per_lang[lang]), 'relevant': relevant})
    return out


def expand(tokens, sets, name, n):
    result = []
    for t in tokens:
        if t.startswith('@'):
            if t not in sets:
                sys.exit(f'{name}:{n}: unknown set {t}')
            items = sets[t]
        elif t.startswith('-'):
            result = [r for r in result if r != t[1:]]
            continue
        else:
            items = [t]
        for i in items:
            if i not in result:
                result.append(i)
    return result


if __name__ == '__main__':
    main()

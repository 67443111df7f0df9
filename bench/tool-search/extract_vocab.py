#!/usr/bin/env python3
"""Prints the vocabulary of the tool catalog (bench/tool-search/catalog/*.json) by frequency.

The query-translation glossaries of tool search (tool-search/src/main/resources/dev/jmcp/toolsearch/glossary/*.tsv)
map the words of users' requests to the English words tools are described with; this lists those words, so a glossary
can be checked against them. It reads only the catalog (tool names, titles, descriptions, parameter names and
descriptions, enum values, server titles and descriptions), never the evaluation requests.

    bench/tool-search/extract_vocab.py [--catalog DIR] [--min-tools N] [--top N] [--names]

Output: WORD<TAB>tools<TAB>servers<TAB>occurrences, most widely used first (tools: how many tools use the word;
servers: in how many servers' catalogs it appears). --names counts only the words of tool names and titles, the
actions and objects tools are named after.
"""
import argparse
import collections
import json
import pathlib
import re
import sys

# Words that say nothing about what a tool does.
STOP = set("""
a an the and or of to in on at for with from by as is are be been being was were it its this that these those
if else when then than not no nor but so such can could may might must should will would do does did done
you your yours we our us they their them he she his her i me my mine which who whom whose what where how why
all any each every some more most other into onto over under about after before between through during
also only just very via per e g eg ie etc default defaults true false null none string number integer boolean
object array optional required use used using uses set see one two
""".split())

WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def words(text):
    """Lower-case words of text, identifiers split at camelCase, snake_case, kebab-case and dots."""
    out = []
    for token in WORD.findall(text or ""):
        for part in CAMEL.split(token):
            part = part.lower()
            if len(part) > 1 and part not in STOP and not part.isdigit():
                out.append(part)
    return out


def schema_text(schema, out):
    """Parameter names, descriptions and enum values of a JSON schema, recursively."""
    if isinstance(schema, dict):
        for name, prop in (schema.get("properties") or {}).items():
            out.append(name)
            schema_text(prop, out)
        if isinstance(schema.get("description"), str):
            out.append(schema["description"])
        for value in schema.get("enum") or []:
            if isinstance(value, str):
                out.append(value)
        for key in ("items", "anyOf", "oneOf", "allOf"):
            value = schema.get(key)
            if isinstance(value, list):
                for item in value:
                    schema_text(item, out)
            elif value is not None:
                schema_text(value, out)


def main():
    here = pathlib.Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=pathlib.Path, default=here / "catalog")
    parser.add_argument("--min-tools", type=int, default=2, help="leave out words fewer tools use (default 2)")
    parser.add_argument("--top", type=int, default=0, help="print only the first N words")
    parser.add_argument("--names", action="store_true", help="count only tool names and titles")
    args = parser.parse_args()

    tools_using = collections.Counter()
    servers_using = collections.defaultdict(set)
    occurrences = collections.Counter()
    files = sorted(args.catalog.glob("*.json"))
    if not files:
        sys.exit(f"extract_vocab: no catalog files in {args.catalog}")
    for path in files:
        server = json.loads(path.read_text(encoding="utf-8"))
        name = server.get("server", path.stem)
        texts = [] if args.names else [server.get("title", ""), server.get("description", "")]
        for w in words(" ".join(texts)):
            occurrences[w] += 1
            servers_using[w].add(name)
        for tool in server.get("tools", []):
            parts = [tool.get("name", ""), tool.get("title") or ""]
            if not args.names:
                parts.append(tool.get("description") or "")
                schema_text(tool.get("inputSchema"), parts)
            tool_words = words(" ".join(parts))
            occurrences.update(tool_words)
            for w in set(tool_words):
                tools_using[w] += 1
                servers_using[w].add(name)

    rows = [(w, tools_using[w], len(servers_using[w]), occurrences[w]) for w in occurrences
            if tools_using[w] >= args.min_tools]
    rows.sort(key=lambda row: (-row[1], -row[2], -row[3], row[0]))
    if args.top:
        rows = rows[:args.top]
    out = sys.stdout
    out.write("# word\ttools\tservers\toccurrences\n")
    for row in rows:
        out.write("\t".join(map(str, row)) + "\n")


if __name__ == "__main__":
    main()

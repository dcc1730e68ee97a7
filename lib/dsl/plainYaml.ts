/**
 * A fast reading of plain YAML, for the common case of a valid document: js-yaml is
 * about 15x faster than the `yaml` package because it keeps no source positions. It is
 * set up to give exactly what `yaml` gives (YAML 1.2 core schema, as `yaml` resolves
 * it), and it declines — returns undefined — wherever the two could differ: anchors,
 * aliases, tags, directives, complex keys, null or special keys, and every error. Then
 * the caller reads the text with `yaml`, which also knows where each error is.
 */
import { FAILSAFE_SCHEMA, load, Type } from "js-yaml";

// The `yaml` package's core schema (yaml/dist/schema/core), test for test, value for value.
// js-yaml keeps one type per tag, so each tag's tests are tried in `yaml`'s order here.
type Resolver = [test: RegExp, construct: (text: string) => unknown];

function scalarTag(tag: string, resolvers: Resolver[]): Type {
  const anyTest = new RegExp(resolvers.map(([test]) => test.source).join("|"));
  return new Type(`tag:yaml.org,2002:${tag}`, {
    kind: "scalar",
    resolve: (text: string) => anyTest.test(text),
    construct: (text: string) => resolvers.find(([test]) => test.test(text))![1](text),
  });
}

export const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    scalarTag("null", [[/^(?:~|[Nn]ull|NULL)?$/, () => null]]),
    scalarTag("bool", [[/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"]]),
    scalarTag("int", [
      [/^0o[0-7]+$/, (text) => parseInt(text.substring(2), 8)],
      [/^[-+]?[0-9]+$/, (text) => parseInt(text, 10)],
      [/^0x[0-9a-fA-F]+$/, (text) => parseInt(text.substring(2), 16)],
    ]),
    scalarTag("float", [
      [/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, (text) => (text.slice(-3).toLowerCase() === "nan" ? NaN : text[0] === "-" ? -Infinity : Infinity)],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, parseFloat],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, parseFloat],
    ]),
  ],
});

/**
 * Node properties (`&anchor`, `*alias`, `!tag`), directives (`%YAML`), explicit keys
 * (`? key`), collections used as keys (`[a]: b`), and where the two disagree (found by
 * tests/dsl/plainYaml.test.ts): block scalar indentation indicators (`|2`) and keep
 * chomping (`|+`), compact nested lists (`- - a`), an indented first line, tabs in
 * indentation, a comment right after a closing bracket or quote, keys over 1024
 * characters, byte order marks; and quoted strings over several lines
 * (hasQuoteOverLines). Conservative: the same characters inside a string only send the
 * text the slow way.
 */
const OUTSIDE_SUBSET: readonly RegExp[] = [
  /(?:^|[\s[{,])(?:[&*][^\s,[\]{}]|!)/m, // anchor, alias, tag
  /^%/m, // directive
  /(?:^|[\s[{,])\?(?:\s|$)/m, // explicit key
  /[\]}]\s*:(?:\s|$)|[[{,]\s*[[{]/, // collection as a key
  /[|>](?:[-+]?[1-9]|\+)/, // block scalar indentation indicator, keep chomping
  /(?:^|\s)-[ \t]+-(?:\s|$)/, // compact nested list
  /^(?:[ \t]*(?:#.*)?\n)*[ \t]+\S/, // indented first line
  /^ *\t/m, // tab in indentation
  /[\]}"']#/, // comment without a space before it
  /^[^\n]{1024,}:(?:\s|$)/m, // an implicit key over 1024 characters
  /\ufeff/, // a byte order mark (js-yaml skips it; `yaml` rejects some)
];

/**
 * Keys the two parsers spell differently (`yaml` writes a null key as "", js-yaml as
 * "null"; `__proto__` is special to both) are left to `yaml`.
 */
const AMBIGUOUS_KEYS = new Set(["", "null", "__proto__"]);

function hasAmbiguousKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasAmbiguousKey);
  if (typeof value !== "object" || value === null) return false;
  for (const key in value) {
    if (AMBIGUOUS_KEYS.has(key) || hasAmbiguousKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

const DOUBLE = 0x22; // "
const SINGLE = 0x27; // '
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/** Whether a single quote at `i` can open a string: at the start of a token. */
function opensToken(text: string, i: number): boolean {
  return i === 0 || " \t\n[{,:-".includes(text[i - 1]!);
}

/**
 * Whether a quoted string goes on over a line break. A double quote in plain text
 * counts as an opening one: conservative.
 */
function hasQuoteOverLines(text: string): boolean {
  let open = 0; // the open quote, or 0
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === NEWLINE) {
      if (open) return true;
    } else if (open === DOUBLE) {
      if (ch === DOUBLE) open = 0;
      else if (ch === BACKSLASH && text.charCodeAt(++i) === NEWLINE) return true; // skips the escaped character
    } else if (open === SINGLE) {
      if (ch === SINGLE && text.charCodeAt(i + 1) === SINGLE) i++; // '' is a quote inside
      else if (ch === SINGLE) open = 0;
    } else if (ch === DOUBLE || (ch === SINGLE && opensToken(text, i))) open = ch;
  }
  return false;
}

const DASH_LINE = /^( *)-(?: |$)/;
const CONTENT_LINE = /^( *)[^ #\r]/;
const OPENS_VALUE = /:\s*$/;

/**
 * Whether a list item is less indented than the list it follows without being an item
 * of an open list at its own indentation (`k:\n  - a\n- b`): js-yaml takes it into the
 * list, `yaml` rejects it. A list opens only on the line after a `key:` (or with its
 * first item). Lines of block scalars are checked too: conservative.
 */
function hasStrayListItem(text: string): boolean {
  const lists: number[] = []; // indentations of the open block lists
  let previousIndent = -1;
  let previousOpensValue = true;
  for (let start = 0, end = 0; start < text.length; start = end + 1) {
    end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    const content = CONTENT_LINE.exec(line);
    if (!content) continue; // blank or comment
    const indent = content[1]!.length;
    const dash = DASH_LINE.test(line);
    while (lists.length > 0 && lists[lists.length - 1]! > indent - (dash ? 0 : 1)) lists.pop();
    if (dash && lists[lists.length - 1] !== indent) {
      if (!previousOpensValue || previousIndent > indent) return true;
      lists.push(indent);
    }
    previousIndent = indent;
    previousOpensValue = OPENS_VALUE.test(line);
  }
  return false;
}

/** The text's value as `yaml` would give it, or undefined when this reading declines. */
export function loadPlainYaml(text: string): unknown {
  if (OUTSIDE_SUBSET.some((pattern) => pattern.test(text)) || hasQuoteOverLines(text) || hasStrayListItem(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined; // any error, including duplicate keys: `yaml` reports it with its place
  }
  return hasAmbiguousKey(value) ? undefined : value;
}

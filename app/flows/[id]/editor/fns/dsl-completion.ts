/**
 * What the DSL pane offers to complete at a cursor, from the document's schema: section
 * and field keys by place, model strings after `model:`, modes after `type:`, the
 * document's names inside a flow string or a name list, tool names in `tools`. Pure: it
 * reads the text above the cursor (indentation gives the YAML path), not a parse, so it
 * works while the document is broken.
 */
export type CompletionItem = { label: string; type: "keyword" | "variable" | "constant" | "property"; detail?: string };
export type Completions = { from: number; options: CompletionItem[] };

export type CompletionSources = {
  agents: readonly string[];
  /** Groups and nested swarms: what a flow string may name besides agents. */
  containers: readonly string[];
  tools: readonly string[];
  models: readonly string[];
};

const TOP_KEYS = ["name", "description", "vars", "agents", "groups", "swarms", "swarm", "layout"];
const AGENT_KEYS = ["model", "instructions", "tools", "handoffs", "max_steps", "temperature", "max_tokens", "output_schema", "spawn"];
const GROUP_KEYS = ["type", "agents", "separator"];
const SWARM_KEYS = ["type", "flow", "max_handoffs", "order", "edges"];
const LAYOUT_KEYS = ["x", "y", "width", "height"];

const KEY_LINE = /^(\s*)([A-Za-z_][\w-]*):\s*(#.*)?$/;

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length;
}

/** The keys of the block maps that hold `lineIndex` at `indent`, outermost first. */
export function pathAbove(lines: readonly string[], lineIndex: number, indent: number): string[] {
  const path: string[] = [];
  let within = indent;
  for (let i = lineIndex - 1; i >= 0 && within > 0; i--) {
    const line = lines[i]!;
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const lineIndent = indentOf(line);
    if (lineIndent >= within) continue;
    const key = KEY_LINE.exec(line);
    if (!key) return path; // a value that is not a block map: no known place
    path.unshift(key[2]!);
    within = lineIndent;
  }
  return path;
}

function keysAt(path: readonly string[]): string[] {
  const [section, , deeper] = path;
  if (path.length === 0) return TOP_KEYS;
  if (path.length === 1 && section === "swarm") return SWARM_KEYS;
  if (path.length !== 2 || deeper !== undefined) return [];
  if (section === "agents") return AGENT_KEYS;
  if (section === "groups") return GROUP_KEYS;
  if (section === "swarms") return SWARM_KEYS;
  if (section === "layout") return LAYOUT_KEYS;
  return [];
}

function items(labels: readonly string[], type: CompletionItem["type"], detail?: string): CompletionItem[] {
  return labels.map((label) => ({ label, type, ...(detail ? { detail } : {}) }));
}

/** Completions for a value of `key` (inline, after `key:`), the word starting at `from`. */
function valueCompletions(key: string, path: readonly string[], inList: boolean, sources: CompletionSources): CompletionItem[] {
  const names = [...sources.agents, ...sources.containers];
  if (key === "model") return items(sources.models, "constant", "model");
  if (key === "type") return path[0] === "groups" ? items(["parallel", "serial"], "keyword", "group") : items(["workflow", "handoff", "team"], "keyword", "swarm mode");
  if (key === "flow") return [...items(sources.agents, "variable", "agent"), ...items(sources.containers, "variable", "group or swarm")];
  if (key === "tools" && inList) return items(sources.tools, "variable", "tool");
  if ((key === "handoffs" || key === "agents") && inList) return items(sources.agents, "variable", "agent");
  if (key === "order" && inList) return items(names, "variable");
  return [];
}

export function dslCompletions(text: string, pos: number, sources: CompletionSources): Completions | null {
  const lineStart = text.lastIndexOf("\n", pos - 1) + 1;
  const before = text.slice(lineStart, pos);
  const lines = text.slice(0, lineStart).split("\n");
  const lineIndex = lines.length - 1;

  // A key being typed at the start of a line.
  const typingKey = /^(\s*)([A-Za-z_][\w-]*)?$/.exec(before);
  if (typingKey) {
    const path = pathAbove(lines, lineIndex, typingKey[1]!.length);
    const options = items(keysAt(path), "property");
    return options.length > 0 ? { from: pos - (typingKey[2]?.length ?? 0), options } : null;
  }

  // A value after `key:` (block or inside a flow map), maybe in a `[...]` list.
  const value = /([A-Za-z_][\w-]*):\s*(\[[^\]]*)?([^,{}[\]]*)$/.exec(before);
  if (!value) return null;
  const key = value[1]!;
  const inList = value[2] !== undefined;
  const typed = value[3]!;
  const own = /^(\s*)([A-Za-z_][\w-]*):/.exec(before);
  // The path of the map the key is in: the block above, plus an agent's name in `name: { ... }`.
  const outer = pathAbove(lines, lineIndex, indentOf(before));
  const path = own && own[2] !== key ? [...outer, own[2]!] : outer;
  const options = valueCompletions(key, path, inList, sources);
  if (options.length === 0) return null;
  // Inside a flow string, only the name being typed is replaced (after `>>`, `|`, `(`).
  const word = key === "model" ? typed.trimStart() : /[\w-]*$/.exec(typed)![0];
  return { from: pos - word.length, options };
}

/** The indentation of a new line after `line`: one level deeper after `key:` or a block scalar. */
export function indentAfter(line: string): string {
  const indent = /^ */.exec(line)![0];
  const content = line.replace(/\s+#.*$/, "").trimEnd();
  const opens = /:$/.test(content) || /:\s*[|>][-+]?$/.test(content) || /^\s*-$/.test(content);
  return opens ? `${indent}  ` : indent;
}

/** The names the text defines (`agents:`, `groups:`, `swarms:` entries), read line by line, so they complete while the text is broken. */
export function namesInText(text: string): { agents: string[]; containers: string[] } {
  const agents: string[] = [];
  const containers: string[] = [];
  let section = "";
  let entryIndent = -1;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const indent = indentOf(line);
    if (indent === 0) {
      section = /^([A-Za-z_][\w-]*):/.exec(line)?.[1] ?? "";
      entryIndent = -1;
      continue;
    }
    const key = /^\s*([A-Za-z_][\w-]*):/.exec(line)?.[1];
    if (!key) continue;
    // Entries are the section's first indentation level.
    if (entryIndent < 0) entryIndent = indent;
    if (indent !== entryIndent) continue;
    if (section === "agents") agents.push(key);
    else if (section === "groups" || section === "swarms") containers.push(key);
  }
  return { agents, containers };
}

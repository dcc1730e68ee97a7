/**
 * The YAML input format: the document model plus Orbiter's loader spellings
 * (`system_prompt`, `swarm.order`, `swarm.edges`, a flow as text), and the reader that
 * turns a parsed YAML value into model parts, item by item, so one broken agent does
 * not hide the errors of the others.
 */
import { z } from "zod";
import { FlowError, parseFlow } from "./flow";
import { referenceProblem, resolveFlowText } from "./flowText";
import type { SourceLocator, YamlPath } from "./source";
import { plainIssueMessage } from "./issueMessages";
import { hasReference, substitute, type Vars } from "./substitute";
import {
  AgentSpec,
  CodeToolSpec,
  McpToolSpec,
  type ToolSpec,
  GroupSpec,
  LayoutEntry,
  Name,
  SwarmMode,
  SwarmSpec,
  type DocumentError,
  type FlowDocument,
  type Stages,
} from "./types";

/** Orbiter's agent spellings: `system_prompt`, and `type` (its agent class; only the default, `builtin`, exists here). */
export const AgentInput = AgentSpec.extend({ system_prompt: z.string().optional(), type: z.string().optional() });
export const SwarmInput = z.strictObject({
  type: SwarmMode.optional(),
  flow: z.string().optional(),
  order: z.array(Name).min(1).optional(),
  max_handoffs: SwarmSpec.shape.max_handoffs,
  edges: z.array(z.tuple([Name, Name])).optional(),
});

const TOP_LEVEL_KEYS = ["name", "description", "vars", "tools", "agents", "groups", "swarms", "swarm", "layout"] as const;

export type Position = { line: number; column: number };
export type DefinitionKind = "agent" | "group" | "swarm";
export type Definition = { kind: DefinitionKind; path: YamlPath };
/** A name placed in a swarm's flow or a group's member list. */
export type Placement = { name: string; owner: string | null; path: YamlPath; where: () => Position };
/** A handoff target (or a `swarm.edges` source, with `from` ""): referred to, not placed. */
export type HandoffRef = { name: string; from: string; path: YamlPath };
export type Scope = { owner: string | null; kind: "swarm" | "group"; mode?: SwarmMode; members: Placement[] };

export type ReadResult = {
  /** Complete only when `errors` is empty. */
  document: FlowDocument;
  errors: DocumentError[];
  definitions: Map<string, Definition>;
  scopes: Scope[];
  handoffs: HandoffRef[];
};

type Reader = { locate: SourceLocator; errors: DocumentError[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function reportZod(reader: Reader, base: YamlPath, error: z.ZodError): void {
  for (const issue of error.issues) {
    const path = [...base, ...(issue.path as (string | number)[])];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        reader.errors.push(reader.locate.error(`unknown key '${key}'`, [...path, key], reader.locate.atKey([...path, key])));
      }
    } else {
      reader.errors.push(reader.locate.error(issue.message, path));
    }
  }
}

function parseItem<T>(reader: Reader, schema: z.ZodType<T>, value: unknown, path: YamlPath): T | undefined {
  const result = schema.safeParse(value ?? {}, { error: plainIssueMessage });
  if (result.success) return result.data;
  reportZod(reader, path, result.error);
  return undefined;
}

/**
 * A strict object field by field, so one bad field does not hide the rest of the item
 * (the fields of these objects are all optional).
 */
function parseFields<T>(reader: Reader, schema: z.ZodObject, value: unknown, path: YamlPath, what: string): T | undefined {
  if (value === undefined || value === null) return {} as T;
  if (!isRecord(value)) {
    reader.errors.push(reader.locate.error(`${what} must be a map`, path));
    return undefined;
  }
  const fields = schema.shape as Record<string, z.ZodType>;
  const parsed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const fieldSchema = fields[key];
    if (!fieldSchema) {
      reader.errors.push(reader.locate.error(`unknown key '${key}'`, [...path, key], reader.locate.atKey([...path, key])));
      continue;
    }
    const result = fieldSchema.safeParse(field, { error: plainIssueMessage });
    if (!result.success) reportZod(reader, [...path, key], result.error);
    else if (result.data !== undefined) parsed[key] = result.data;
  }
  return parsed as T;
}

/** A map section: each key checked as a name, each value parsed on its own. */
function readSection<T>(
  reader: Reader,
  raw: Record<string, unknown>,
  section: "tools" | "agents" | "groups" | "swarms" | "layout",
  parse: (value: unknown, path: YamlPath) => T | undefined,
): Map<string, T | undefined> | undefined {
  const value = raw[section];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    reader.errors.push(reader.locate.error(`'${section}' must map names to their settings`, [section]));
    return undefined;
  }
  const items = new Map<string, T | undefined>();
  for (const [key, item] of Object.entries(value)) {
    const path = [section, key];
    if (!Name.safeParse(key).success) {
      const hint = hasReference(key) ? "a name cannot be a ${...} reference" : Name.safeParse(key).error!.issues[0]!.message;
      reader.errors.push(reader.locate.error(`bad name '${key}': ${hint}`, path, reader.locate.atKey(path)));
    }
    items.set(key, parse(item, path));
  }
  return items;
}

type SwarmInput = z.infer<typeof SwarmInput>;

function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.flatMap(stringsIn) : [];
}

/**
 * Orbiter substitutes `${vars.NAME}` in a swarm's `order` and `edges` too: done before
 * they are read as names (`${ENV}` or an unknown var there is reported, and the field
 * dropped). `orderText` is an `order` that held references, as a flow text to write back.
 */
function substituteSwarmVars(reader: Reader, raw: unknown, path: YamlPath, vars: Vars | undefined): { raw: unknown; orderText?: string } {
  if (!isRecord(raw)) return { raw };
  const out: Record<string, unknown> = { ...raw };
  let orderText: string | undefined;
  for (const key of ["order", "edges"] as const) {
    const strings = stringsIn(raw[key]);
    if (!strings.some(hasReference)) continue;
    const problem = strings.map((text) => referenceProblem(text, vars)).find((found) => found !== undefined);
    if (problem) {
      reader.errors.push(reader.locate.error(problem, [...path, key]));
      delete out[key];
      continue;
    }
    out[key] = substitute(raw[key], { vars });
    if (key === "order" && Array.isArray(raw[key]) && strings.length === raw[key].length) orderText = strings.join(" >> ");
  }
  return { raw: out, orderText };
}

/**
 * Flow stages of one swarm from `flow`, `order` or (top level only) every agent, and
 * the flow as written when it held `${vars}` references (`flow_text`).
 */
function readStages(
  reader: Reader,
  input: SwarmInput,
  path: YamlPath,
  owner: string | null,
  fallback: Placement[],
  vars: Vars | undefined,
): { stages?: Stages; members: Placement[]; flowText?: string } {
  const { locate } = reader;
  const orderMembers: Placement[] = (input.order ?? []).map((name, i) => ({
    name,
    owner,
    path: [...path, "order", i],
    where: () => locate.at([...path, "order", i]),
  }));
  if (input.flow === undefined) {
    if (orderMembers.length > 0) return { stages: orderMembers.map((m) => [m.name]), members: orderMembers };
    if (owner !== null) {
      reader.errors.push(locate.error("a nested swarm needs a flow (or an order)", path, locate.atKey(path)));
      return { members: [] };
    }
    if (fallback.length === 0) return { members: [] }; // no agents: reported once, elsewhere
    return { stages: fallback.map((m) => [m.name]), members: fallback };
  }
  const flowPath = [...path, "flow"];
  let text = input.flow;
  let flowText: string | undefined;
  if (hasReference(input.flow)) {
    const resolved = resolveFlowText(input.flow, vars);
    if ("problem" in resolved) {
      reader.errors.push(locate.error(resolved.problem, flowPath));
      return { members: [] };
    }
    text = resolved.text;
    flowText = input.flow;
  }
  // Offsets in a substituted flow are not offsets in the text: those point at the flow.
  const at = (offset: number) => (flowText === undefined ? locate.inString(flowPath, offset) : locate.at(flowPath));
  let parsed;
  try {
    parsed = parseFlow(text);
  } catch (error) {
    if (!(error instanceof FlowError)) throw error;
    const message = error.token ? `${error.reason} (at '${error.token}')` : error.reason;
    reader.errors.push(locate.error(`bad flow: ${message}`, flowPath, at(error.offset)));
    // Still count the names it holds as placed, so they are not also reported unused.
    const members = new Map<string, Placement>();
    for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_-]*/g)) {
      if (!members.has(m[0])) members.set(m[0], { name: m[0], owner, path: flowPath, where: () => at(m.index) });
    }
    return { members: [...members.values()] };
  }
  const members = parsed.refs.map((ref) => ({
    name: ref.name,
    owner,
    path: flowPath,
    where: () => at(ref.offset),
  }));
  if (input.order) {
    const inOrder = new Set(input.order);
    const inFlow = new Set(members.map((m) => m.name));
    for (const m of members) {
      if (!inOrder.has(m.name)) reader.errors.push(locate.error(`'${m.name}' is in the flow but not in 'order'`, flowPath, m.where()));
    }
    for (const m of orderMembers) {
      if (!inFlow.has(m.name)) reader.errors.push(locate.error(`'${m.name}' is in 'order' but not in the flow`, m.path, m.where()));
    }
  }
  return { stages: parsed.stages, members, flowText };
}

export function readDocument(value: unknown, locate: SourceLocator): ReadResult {
  const reader: Reader = { locate, errors: [] };
  const definitions = new Map<string, Definition>();
  const scopes: Scope[] = [];
  const handoffs: HandoffRef[] = [];
  const document: FlowDocument = { agents: {}, swarm: { type: "workflow", flow: [] } };
  const result = { document, errors: reader.errors, definitions, scopes, handoffs };

  if (!isRecord(value)) {
    reader.errors.push(locate.error("a flow document is a YAML map with an 'agents' section", []));
    return result;
  }
  for (const key of Object.keys(value)) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) {
      reader.errors.push(locate.error(`unknown section '${key}' (expected one of: ${TOP_LEVEL_KEYS.join(", ")})`, [key], locate.atKey([key])));
    }
  }
  if (value.name !== undefined && value.name !== null) {
    if (typeof value.name === "string") document.name = value.name;
    else reader.errors.push(locate.error("'name' must be text", ["name"]));
  }
  if (value.description !== undefined && value.description !== null) {
    if (typeof value.description === "string") document.description = value.description;
    else reader.errors.push(locate.error("'description' must be text", ["description"]));
  }
  if (value.vars !== undefined && value.vars !== null) {
    if (isRecord(value.vars)) document.vars = value.vars;
    else reader.errors.push(locate.error("'vars' must be a map of names to values", ["vars"]));
  }
  // An entry with an `mcp` key is an MCP binding: parse it as one, so its errors name its own fields.
  const tools = readSection(reader, value, "tools", (item, path) =>
    isRecord(item) && "mcp" in item ? parseItem<ToolSpec>(reader, McpToolSpec, item, path) : parseItem<ToolSpec>(reader, CodeToolSpec, item, path),
  );
  for (const [name, spec] of tools ?? []) if (spec) (document.tools ??= {})[name] = spec;

  const define = (name: string, kind: DefinitionKind, path: YamlPath) => {
    const earlier = definitions.get(name);
    if (earlier) {
      const at = locate.atKey(earlier.path);
      reader.errors.push(
        locate.error(`'${name}' is already defined as ${earlier.kind === "agent" ? "an" : "a"} ${earlier.kind} at line ${at.line}; agents, groups and swarms share one name space`, path, locate.atKey(path)),
      );
    } else definitions.set(name, { kind, path });
  };

  const agents = readSection(reader, value, "agents", (item, path) =>
    parseFields<z.infer<typeof AgentInput>>(reader, AgentInput, item, path, "an agent's settings"),
  );
  if (!agents || agents.size === 0) reader.errors.push(locate.error("the document needs at least one agent under 'agents'", ["agents"]));
  for (const [name, input] of agents ?? []) {
    define(name, "agent", ["agents", name]);
    if (!input) continue;
    const { system_prompt, type, ...spec } = input;
    if (type !== undefined && type !== "builtin") {
      const path = ["agents", name, "type"];
      reader.errors.push(locate.error(`custom agent classes are not supported: '${type}' (Orbiter's default 'builtin' is)`, path));
    }
    if (system_prompt !== undefined) {
      if (spec.instructions !== undefined) {
        const path = ["agents", name, "system_prompt"];
        reader.errors.push(locate.error("give either 'instructions' or its alias 'system_prompt', not both", path, locate.atKey(path)));
      }
      spec.instructions ??= system_prompt;
    }
    if (spec.handoffs?.length === 0) delete spec.handoffs; // the same as none; the canvas draws none
    (spec.handoffs ?? []).forEach((target, i) => handoffs.push({ name: target, from: name, path: ["agents", name, "handoffs", i] }));
    document.agents[name] = spec;
  }

  const groups = readSection(reader, value, "groups", (item, path) => parseItem(reader, GroupSpec, item, path));
  for (const [name, group] of groups ?? []) {
    define(name, "group", ["groups", name]);
    if (!group) continue;
    (document.groups ??= {})[name] = group;
    scopes.push({
      owner: name,
      kind: "group",
      members: group.agents.map((member, i) => {
        const path = ["groups", name, "agents", i];
        return { name: member, owner: name, path, where: () => locate.at(path) };
      }),
    });
  }

  /** A swarm's raw settings, `${vars}` in its `order` and `edges` substituted. */
  const parseSwarm = (raw: unknown, path: YamlPath, what: string) => {
    const { raw: substituted, orderText } = substituteSwarmVars(reader, raw, path, document.vars);
    const input = parseFields<SwarmInput>(reader, SwarmInput, substituted, path, what);
    return input && { input, orderText };
  };

  const readSwarm = (
    { input, orderText }: { input: SwarmInput; orderText?: string },
    path: YamlPath,
    owner: string | null,
    fallback: Placement[],
  ): SwarmSpec | undefined => {
    const { stages, members, flowText } = readStages(reader, input, path, owner, fallback, document.vars);
    scopes.push({ owner, kind: "swarm", mode: input.type ?? "workflow", members });
    (input.edges ?? []).forEach(([from, to], i) => {
      const edgePath = [...path, "edges", i];
      handoffs.push({ name: from, from: "", path: [...edgePath, 0] });
      const spec = document.agents[from];
      if (spec?.handoffs?.includes(to)) return; // Orbiter ignores an edge the agent already has
      handoffs.push({ name: to, from, path: [...edgePath, 1] });
      if (spec) spec.handoffs = [...(spec.handoffs ?? []), to];
    });
    if (!stages) return undefined;
    const spec: SwarmSpec = { type: input.type ?? "workflow", flow: stages };
    if (input.max_handoffs !== undefined) spec.max_handoffs = input.max_handoffs;
    const written = input.flow === undefined ? orderText : flowText;
    if (written !== undefined) spec.flow_text = written;
    return spec;
  };

  const swarms = readSection(reader, value, "swarms", (item, path) => parseSwarm(item, path, "a swarm's settings"));
  for (const [name, input] of swarms ?? []) {
    define(name, "swarm", ["swarms", name]);
    if (!input) continue;
    const spec = readSwarm(input, ["swarms", name], name, []);
    if (spec) (document.swarms ??= {})[name] = spec;
  }

  // Orbiter: without a flow or order, the top-level swarm runs every agent in order;
  // here, every definition that no group or swarm holds.
  const held = new Set(scopes.flatMap((scope) => scope.members.map((member) => member.name)));
  const unheld: Placement[] = [...definitions]
    .filter(([name]) => !held.has(name))
    .map(([name, definition]) => ({ name, owner: null, path: definition.path, where: () => locate.atKey(definition.path) }));
  const top = parseSwarm(value.swarm, ["swarm"], "'swarm'");
  const topSpec = top && readSwarm(top, ["swarm"], null, unheld);
  if (topSpec) document.swarm = topSpec;

  const layout = readSection(reader, value, "layout", (item, path) => parseItem(reader, LayoutEntry, item, path));
  for (const [name, entry] of layout ?? []) {
    if (!entry) continue;
    if (!definitions.has(name)) {
      reader.errors.push(locate.error(`layout for unknown name '${name}'`, ["layout", name], locate.atKey(["layout", name])));
    }
    (document.layout ??= {})[name] = entry;
  }
  return result;
}

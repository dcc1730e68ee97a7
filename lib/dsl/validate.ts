/**
 * Cross-reference rules over a read document: names exist and have the right kind,
 * each is placed once in the whole tree, nothing is unused, no swarm contains itself,
 * model strings name a known provider, referenced values resolve to the right type, and
 * no literal looks like a key.
 */
import { z } from "zod";
import type { Definition, Placement, ReadResult, Scope } from "./input";
import { findSecretLiterals } from "./secrets";
import type { SourceLocator, YamlPath } from "./source";
import { hasReference, substitute, type Env } from "./substitute";
import { isMcpToolSpec, type DocumentError, type FlowDocument } from "./types";
import { plainIssueMessage } from "./issueMessages";

export const KNOWN_PROVIDERS = ["openai", "anthropic", "mock"] as const;

export type ValidateOptions = {
  env?: Env;
  /** Built-in tool names; when given, any tool name not built in, the document's or the team's is an error. */
  tools?: ReadonlySet<string>;
  /** The team's own tool names (a document tool of the same name wins). */
  teamTools?: ReadonlySet<string>;
  /** The team's MCP servers → tool names last listed (undefined: never listed); when given, bindings must name them. */
  mcpServers?: ReadonlyMap<string, ReadonlySet<string> | undefined>;
};

// The model part may hold options with spaces ("mock:reply?text=Hello there").
const MODEL_STRING = /^([a-z][a-z0-9_-]*):(\S.*)$/;
/** A model name without a provider, which Orbiter's loader (and the engine) read as OpenAI's. */
const BARE_MODEL = /^[A-Za-z0-9][\w.\-/]*$/;

/**
 * Why `model` is not a usable model string, or undefined when it is: "provider:model",
 * or a bare name ("gpt-4o"), which means "openai:gpt-4o" as in Orbiter.
 */
export function modelStringProblem(model: string): string | undefined {
  if (!model.includes(":") && BARE_MODEL.test(model)) return undefined;
  const match = MODEL_STRING.exec(model);
  if (!match) return `bad model string '${model}': expected 'provider:model' (e.g. 'anthropic:claude-sonnet-4-5') or an OpenAI model name (e.g. 'gpt-4o')`;
  if (!(KNOWN_PROVIDERS as readonly string[]).includes(match[1]!)) {
    return `unknown provider '${match[1]}' in '${model}' (known: ${KNOWN_PROVIDERS.join(", ")})`;
  }
  return undefined;
}

function owned(owner: string | null): string {
  return owner === null ? "the top-level swarm" : `'${owner}'`;
}

function article(kind: Definition["kind"]): string {
  return kind === "agent" ? "an agent" : `a ${kind}`;
}

function checkPlacements(read: ReadResult, locate: SourceLocator, errors: DocumentError[]): Set<string> {
  const placed = new Map<string, Placement>();
  for (const scope of read.scopes) {
    for (const member of scope.members) {
      const definition = read.definitions.get(member.name);
      if (!definition) {
        errors.push(locate.error(`unknown name '${member.name}' in ${owned(scope.owner)}`, member.path, member.where()));
        continue;
      }
      if (scope.kind === "group" && definition.kind !== "agent") {
        errors.push(locate.error(`group '${scope.owner}' holds agents only; '${member.name}' is ${article(definition.kind)}`, member.path, member.where()));
        continue;
      }
      const earlier = placed.get(member.name);
      if (earlier) {
        const at = earlier.where();
        errors.push(
          locate.error(
            `'${member.name}' is placed twice: it is already in ${owned(earlier.owner)} at line ${at.line}, column ${at.column}; each name is placed once`,
            member.path,
            member.where(),
          ),
        );
        continue;
      }
      placed.set(member.name, member);
    }
    if (scope.kind === "swarm" && scope.mode === "team" && scope.members.length === 1) {
      errors.push(locate.error(`the team swarm ${owned(scope.owner)} needs a lead and at least one worker`, scope.members[0]!.path, scope.members[0]!.where()));
    }
  }
  return new Set(placed.keys());
}

/** The cycle `path[from..]` then `closing`, for a message: all of a short one, the ends of a long one. */
function cycleText(path: readonly string[], from: number, closing: string): string {
  const length = path.length - from + 1;
  const names =
    length <= 12
      ? [...path.slice(from), closing]
      : [...path.slice(from, from + 6), `… (${length - 12} more)`, ...path.slice(path.length - 5), closing];
  return names.join(" contains ");
}

/**
 * Containers (groups, swarms) that contain themselves, reported once per edge back into
 * the containers being walked. Returns every container on a cycle: the strongly connected
 * components of more than one, or with an edge to itself (Tarjan's algorithm, without
 * recursion, as a document may nest thousands deep). Linear in the placements.
 */
function checkCycles(read: ReadResult, locate: SourceLocator, errors: DocumentError[]): Set<string> {
  const children = new Map<string, Placement[]>();
  for (const scope of read.scopes) if (scope.owner !== null) children.set(scope.owner, scope.members);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const path: string[] = []; // the containers being walked, from the root
  const depth = new Map<string, number>(); // each one's place in `path`
  const component: string[] = []; // Tarjan's stack
  const inCycle = new Set<string>();
  const frames: { name: string; next: number }[] = [];
  const open = (name: string) => {
    index.set(name, index.size);
    low.set(name, index.size - 1);
    depth.set(name, path.length);
    path.push(name);
    component.push(name);
    frames.push({ name, next: 0 });
  };
  const close = (name: string) => {
    frames.pop();
    path.pop();
    depth.delete(name);
    const parent = frames[frames.length - 1];
    if (parent) low.set(parent.name, Math.min(low.get(parent.name)!, low.get(name)!));
    if (low.get(name) !== index.get(name)) return;
    const members: string[] = [];
    do members.push(component.pop()!);
    while (members[members.length - 1] !== name);
    for (const member of members) low.set(member, Infinity); // off Tarjan's stack
    if (members.length > 1) members.forEach((member) => inCycle.add(member));
  };
  for (const root of children.keys()) {
    if (index.has(root)) continue;
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const members = children.get(frame.name)!;
      if (frame.next === members.length) {
        close(frame.name);
        continue;
      }
      const child = members[frame.next++]!;
      if (!children.has(child.name)) continue;
      const at = depth.get(child.name);
      if (at !== undefined) {
        errors.push(locate.error(`cycle: ${cycleText(path, at, child.name)}`, child.path, child.where()));
        if (child.name === frame.name) inCycle.add(child.name);
      }
      if (!index.has(child.name)) open(child.name);
      else if (low.get(child.name) !== Infinity) low.set(frame.name, Math.min(low.get(frame.name)!, index.get(child.name)!));
    }
  }
  return inCycle;
}

/**
 * What the swarm modes ask of their members (as the engine checks them when it builds):
 * a handoff swarm holds agents that hand off among themselves; a team's lead is an agent.
 */
function checkModes(read: ReadResult, locate: SourceLocator, errors: DocumentError[]): void {
  const kindOf = (name: string) => read.definitions.get(name)?.kind;
  const describe = (scope: Scope) => (scope.owner === null ? `the top-level ${scope.mode} swarm` : `the ${scope.mode} swarm '${scope.owner}'`);
  /** Each agent's handoff swarm, with that swarm's members (the first one: a name placed twice is reported already). */
  const handoffSwarmOf = new Map<string, { scope: Scope; members: Set<string> }>();
  for (const scope of read.scopes) {
    if (scope.kind !== "swarm" || scope.mode === "workflow" || scope.members.length === 0) continue;
    const swarm = describe(scope);
    if (scope.mode === "team") {
      const lead = scope.members[0]!;
      const kind = kindOf(lead.name);
      if (kind && kind !== "agent") {
        errors.push(locate.error(`the lead of ${swarm} must be an agent; '${lead.name}' is ${article(kind)}`, lead.path, lead.where()));
      }
      continue;
    }
    const entry = { scope, members: new Set(scope.members.map((m) => m.name)) };
    for (const member of scope.members) {
      const kind = kindOf(member.name);
      if (kind && kind !== "agent") {
        errors.push(locate.error(`${swarm} holds agents only; '${member.name}' is ${article(kind)}`, member.path, member.where()));
      }
      if (!handoffSwarmOf.has(member.name)) handoffSwarmOf.set(member.name, entry);
    }
  }
  for (const ref of read.handoffs) {
    const swarm = ref.from === "" ? undefined : handoffSwarmOf.get(ref.from);
    if (!swarm || swarm.members.has(ref.name) || kindOf(ref.name) !== "agent") continue;
    errors.push(locate.error(`handoff from '${ref.from}' to '${ref.name}': '${ref.name}' is not in ${describe(swarm.scope)}`, ref.path));
  }
}

function checkHandoffs(read: ReadResult, locate: SourceLocator, errors: DocumentError[]): void {
  const seen = new Set<string>();
  for (const ref of read.handoffs) {
    if (ref.from !== "") {
      const key = `${ref.from}\u0000${ref.name}`;
      if (seen.has(key)) errors.push(locate.error(`'${ref.from}' lists the handoff to '${ref.name}' twice`, ref.path));
      seen.add(key);
    }
    const definition = read.definitions.get(ref.name);
    if (definition?.kind === "agent") continue;
    const what = ref.from === "" ? `handoff edge from` : `handoff from '${ref.from}' to`;
    const problem = definition ? `${article(definition.kind)}, not an agent` : "a missing agent";
    errors.push(locate.error(`${what} '${ref.name}': ${problem}`, ref.path));
  }
}

const COUNT = z.number().int().positive();
const REFERENCE_TARGETS: { field: "max_steps" | "max_tokens" | "temperature"; schema: z.ZodType }[] = [
  { field: "max_steps", schema: COUNT },
  { field: "max_tokens", schema: COUNT },
  { field: "temperature", schema: z.number().min(0).max(2) },
];

function checkResolvedValue(
  raw: unknown,
  schema: z.ZodType,
  path: YamlPath,
  context: { vars?: Record<string, unknown>; env?: Env },
  locate: SourceLocator,
  errors: DocumentError[],
): void {
  if (typeof raw !== "string") return;
  const value = substitute(raw, context);
  if (typeof value === "string" && hasReference(value)) return; // not known until run time
  const result = schema.safeParse(value, { error: plainIssueMessage });
  if (!result.success) {
    errors.push(locate.error(`'${raw}' resolves to ${JSON.stringify(value)}: ${result.error.issues[0]!.message}`, path));
  }
}

function checkMcpBindings(
  document: FlowDocument,
  servers: ReadonlyMap<string, ReadonlySet<string> | undefined>,
  locate: SourceLocator,
  errors: DocumentError[],
): void {
  for (const [name, spec] of Object.entries(document.tools ?? {})) {
    if (!isMcpToolSpec(spec)) continue;
    const { server, tool } = spec.mcp;
    if (!servers.has(server)) {
      const known = [...servers.keys()];
      const hint = known.length > 0 ? ` (this team has: ${known.join(", ")})` : " (this team has none: an owner adds them in Settings → MCP servers)";
      errors.push(locate.error(`this team has no MCP server named '${server}'${hint}`, ["tools", name, "mcp", "server"]));
      continue;
    }
    const listed = servers.get(server);
    if (listed && !listed.has(tool)) {
      errors.push(locate.error(`MCP server '${server}' has no tool '${tool}' (it lists: ${[...listed].join(", ") || "none"})`, ["tools", name, "mcp", "tool"]));
    }
  }
}

function checkValues(document: FlowDocument, options: ValidateOptions, locate: SourceLocator, errors: DocumentError[]): void {
  const context = { vars: document.vars, env: options.env };
  const documentTools = Object.keys(document.tools ?? {});
  // A document's tool never shadows a built-in one: the same name would mean two tools.
  // It does win over a team tool of the same name (the document says what it runs).
  for (const name of documentTools) {
    if (options.tools?.has(name)) errors.push(locate.error(`'${name}' is a built-in tool: give the document's tool another name`, ["tools", name], locate.atKey(["tools", name])));
  }
  if (options.mcpServers) checkMcpBindings(document, options.mcpServers, locate, errors);
  const known = options.tools && new Set([...options.tools, ...(options.teamTools ?? []), ...documentTools]);
  for (const [name, agent] of Object.entries(document.agents)) {
    if (agent.model !== undefined) {
      const model = substitute(agent.model, context);
      const path = ["agents", name, "model"];
      if (typeof model !== "string") errors.push(locate.error(`'${agent.model}' resolves to ${JSON.stringify(model)}, not a model string`, path));
      else if (!hasReference(model)) {
        const problem = modelStringProblem(model);
        if (problem) errors.push(locate.error(problem, path));
      }
    }
    for (const { field, schema } of REFERENCE_TARGETS) {
      checkResolvedValue(agent[field], schema, ["agents", name, field], context, locate, errors);
    }
    (agent.approve ?? []).forEach((tool, i) => {
      if (!(agent.tools ?? []).includes(tool)) {
        errors.push(locate.error(`'${tool}' needs approval but is not one of this agent's tools`, ["agents", name, "approve", i]));
      }
    });
    if (known) {
      (agent.tools ?? []).forEach((tool, i) => {
        if (!known.has(tool)) {
          errors.push(locate.error(`unknown tool '${tool}' (known: ${[...known].join(", ")})`, ["agents", name, "tools", i]));
        }
      });
    }
  }
  checkResolvedValue(document.swarm.max_handoffs, COUNT, ["swarm", "max_handoffs"], context, locate, errors);
  for (const [name, swarm] of Object.entries(document.swarms ?? {})) {
    checkResolvedValue(swarm.max_handoffs, COUNT, ["swarms", name, "max_handoffs"], context, locate, errors);
  }
}

export function validateDocument(read: ReadResult, locate: SourceLocator, options: ValidateOptions = {}): DocumentError[] {
  const errors: DocumentError[] = [];
  const placed = checkPlacements(read, locate, errors);
  const inCycle = checkCycles(read, locate, errors);
  for (const [name, definition] of read.definitions) {
    if (!placed.has(name) && !inCycle.has(name)) {
      errors.push(
        locate.error(`${article(definition.kind)} '${name}' is never used: place it in a flow or a group`, definition.path, locate.atKey(definition.path)),
      );
    }
  }
  checkHandoffs(read, locate, errors);
  checkModes(read, locate, errors);
  checkValues(read.document, options, locate, errors);
  for (const secret of findSecretLiterals(read.document)) {
    errors.push(locate.error(secret.message, secret.path));
  }
  return errors;
}

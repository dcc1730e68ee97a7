/** fast-check generators of valid flow documents (models) for the DSL property tests. */
import fc from "fast-check";
import type { AgentSpec, FlowDocument, GroupSpec, LayoutEntry, SwarmMode, SwarmSpec } from "@/lib/dsl/types";

type Item =
  | { kind: "agent"; spec: AgentSpec }
  | { kind: "group"; type: "parallel" | "serial"; separator?: string; members: AgentSpec[] }
  | { kind: "swarm"; type: SwarmMode; maxHandoffs?: number; stages: Item[][] };

const tricky = fc.constantFrom(
  "",
  " leading space",
  "trailing space ",
  "key: value",
  "- dash",
  "# not a comment",
  "line one\nline two",
  "  indented\n\n  x  ",
  "ends with newline\n",
  "'single'",
  '"double"',
  "${vars.model}",
  "yes",
  "null",
  "1.5",
  "tab\there",
  "unicode: é ✓ 日本",
);
const text = fc.oneof(fc.string({ maxLength: 40 }), tricky, fc.lorem({ maxCount: 30 }));

const agentSpec: fc.Arbitrary<AgentSpec> = fc.record(
  {
    model: fc.constantFrom("openai:gpt-4o", "anthropic:claude-sonnet-4-5", "mock:echo", "${vars.model}", "${MODEL_FROM_ENV}"),
    instructions: text,
    tools: fc.uniqueArray(fc.constantFrom("http_fetch", "calculator", "current_time"), { minLength: 1, maxLength: 3 }),
    max_steps: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constant("${vars.steps}")),
    temperature: fc.integer({ min: 0, max: 200 }).map((n) => n / 100),
    max_tokens: fc.integer({ min: 1, max: 100_000 }),
    output_schema: fc.constant({ type: "object", properties: { answer: { type: "string" } } }),
    spawn: fc.oneof(
      fc.boolean(),
      fc.record({ max_concurrent: fc.integer({ min: 1, max: 8 }), max_agents: fc.integer({ min: 1, max: 32 }) }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: [] },
);

const agentItem: fc.Arbitrary<Item> = agentSpec.map((spec) => ({ kind: "agent" as const, spec }));

/** Depth 1 is agents only; deeper levels add groups and nested swarms. */
function item(depth: number): fc.Arbitrary<Item> {
  if (depth <= 1) return agentItem;
  const group = fc.record(
    {
      kind: fc.constant("group" as const),
      type: fc.constantFrom("parallel" as const, "serial" as const),
      separator: text,
      members: fc.array(agentSpec, { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ["kind", "type", "members"] },
  );
  const swarm = fc.record(
    {
      kind: fc.constant("swarm" as const),
      type: fc.constantFrom<SwarmMode>("workflow", "handoff", "team"),
      maxHandoffs: fc.integer({ min: 1, max: 20 }),
      stages: stages(depth - 1),
    },
    { requiredKeys: ["kind", "type", "stages"] },
  );
  return fc.oneof({ weight: 4, arbitrary: agentItem }, { weight: 1, arbitrary: group }, { weight: 1, arbitrary: swarm });
}

function stages(depth: number): fc.Arbitrary<Item[][]> {
  return fc.array(fc.array(item(depth), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 });
}

const coordinate = fc.integer({ min: -100_000, max: 100_000 });
const layoutEntry: fc.Arbitrary<LayoutEntry> = fc.record(
  { x: coordinate, y: coordinate, width: fc.integer({ min: 1, max: 100_000 }), height: fc.integer({ min: 1, max: 100_000 }) },
  { requiredKeys: ["x", "y"] },
);

const nameArb = fc.stringMatching(/^[a-z_][a-z0-9_-]{0,10}$/).filter((n) => !n.endsWith("-"));

/** A valid document: every name placed once, handoffs to agents, known providers. */
export const validDocument: fc.Arbitrary<FlowDocument> = fc
  .record({
    name: fc.option(text, { nil: undefined }),
    mode: fc.constantFrom<SwarmMode>("workflow", "handoff", "team"),
    maxHandoffs: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    top: stages(3),
    names: fc.uniqueArray(nameArb, { minLength: 60, maxLength: 60 }),
    handoffSeeds: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
    layoutSeeds: fc.array(fc.tuple(fc.nat(), layoutEntry), { maxLength: 6 }),
  })
  .map(({ name, mode, maxHandoffs, top, names, handoffSeeds, layoutSeeds }) => {
    let next = 0;
    // Upper case never comes from nameArb, so the spare names cannot collide.
    const fresh = () => names[next++] ?? `Spare${next}`;
    const document: FlowDocument = { agents: {}, swarm: { type: mode, flow: [] } };
    const addAgent = (spec: AgentSpec) => {
      const agentName = fresh();
      document.agents[agentName] = { ...spec }; // fast-check reuses generated values: never mutate them
      return agentName;
    };
    /** Which handoff swarm (by owner name; "" for the top level) holds each agent. */
    const handoffScope = new Map<string, string>();
    const place = (items: Item[][], owner: string, wanted: SwarmMode): SwarmSpec => {
      const flow = items.map((stage) =>
        stage.map((it) => {
          if (it.kind === "agent") return addAgent(it.spec);
          const own = fresh();
          if (it.kind === "group") {
            const agents = it.members.map(addAgent);
            const group: GroupSpec = it.type === "parallel" ? { type: "parallel", agents, ...(it.separator !== undefined ? { separator: it.separator } : {}) } : { type: "serial", agents };
            (document.groups ??= {})[own] = group;
          } else {
            const spec = place(it.stages, own, it.type);
            if (it.maxHandoffs !== undefined) spec.max_handoffs = it.maxHandoffs;
            (document.swarms ??= {})[own] = spec;
          }
          return own;
        }),
      );
      // Fall back to a workflow where the mode's rules do not hold for these members.
      const members = flow.flat();
      const isAgent = (n: string) => document.agents[n] !== undefined;
      let type = wanted;
      if (type === "team" && (members.length < 2 || !isAgent(members[0]!))) type = "workflow";
      if (type === "handoff" && !members.every(isAgent)) type = "workflow";
      if (type === "handoff") for (const m of members) handoffScope.set(m, owner);
      return { type, flow };
    };
    document.swarm = place(top, "", mode);
    if (maxHandoffs !== undefined) document.swarm.max_handoffs = maxHandoffs;
    if (name !== undefined) document.name = name;
    document.vars = { model: "mock:echo", steps: 4 };

    const agentNames = Object.keys(document.agents);
    for (const [from, to] of handoffSeeds) {
      const sourceName = agentNames[from % agentNames.length]!;
      const source = document.agents[sourceName]!;
      const target = agentNames[to % agentNames.length]!;
      // In a handoff swarm, agents hand off within it.
      const scope = handoffScope.get(sourceName);
      if (scope !== undefined && handoffScope.get(target) !== scope) continue;
      if (!(source.handoffs ?? []).includes(target)) source.handoffs = [...(source.handoffs ?? []), target];
    }
    const allNames = [...agentNames, ...Object.keys(document.groups ?? {}), ...Object.keys(document.swarms ?? {})];
    for (const [index, entry] of layoutSeeds) {
      const target = allNames[index % allNames.length]!;
      const isContainer = !document.agents[target];
      (document.layout ??= {})[target] = isContainer ? { ...entry } : { x: entry.x, y: entry.y };
    }
    return document;
  });

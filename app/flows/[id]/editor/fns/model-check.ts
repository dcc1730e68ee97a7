/**
 * Model strings checked in the editor, not at run time: a `mock:` model whose behaviour
 * or parameters the mock provider would refuse (`mock:echo?latency=abc`, `mock:ecko`) is
 * a problem on its node; a model whose provider has no key (no team key, none in the
 * server's environment) is a warning on its node and in the run panel, before it runs.
 * The DSL checks the provider part; this checks the rest.
 */
import type { DocumentError, FlowDocument, FlowGraph } from "@/lib/dsl/types";
import { providerCatalog } from "@/lib/providers/catalog";
import { parseMockModel } from "@/lib/providers/mock";
import { resolveModel } from "../nodes/agent/model";

const MOCK_PREFIX = "mock:";

/** A node's problem; a warning does not stop saving (a key may be added before the run). */
export type NodeIssue = DocumentError & { warning?: true };

/** Why a resolved model string would fail when run, or null. */
export function modelProblem(model: string): string | null {
  if (!model.startsWith(MOCK_PREFIX)) return null;
  try {
    parseMockModel(model.slice(MOCK_PREFIX.length));
    return null;
  } catch (error) {
    // "Invalid mock model "mock:x": ✖ message\n  → at field": one line, plainly.
    const detail = (error as Error).message.replace(/^Invalid mock model "[^"]*":\s*/, "").replace(/✖\s*/g, "").replace(/\s*\n\s*→ at /g, " (at ").replace(/\n+/g, "; ");
    return `'${model}' will not run: ${detail}${detail.includes("(at ") && !detail.endsWith(")") ? ")" : ""}`;
  }
}

/** The catalog entry of a model's provider, when it is one that needs a key. */
function keyedProviderOf(model: string) {
  const prefix = model.split(":")[0];
  return providerCatalog.find((provider) => provider.id === prefix && provider.needsApiKey);
}

/** Why a resolved model cannot run for lack of a key, or null (`keyed`: the providers that have one). */
export function keyProblem(model: string, keyed: ReadonlySet<string>): string | null {
  const provider = keyedProviderOf(model);
  if (!provider || keyed.has(provider.id)) return null;
  return `No ${provider.label.split(" (")[0]} key: '${model}' will fail when run. Add one in Settings → Provider keys (or set ${provider.id.toUpperCase()}_API_KEY on the server).`;
}

/**
 * The problems of every agent's model, as issues on `agents.<name>.model`. Without
 * `keyed` (not known, as in tests) keys are not checked.
 */
export function modelProblems(graph: FlowGraph, keyed?: ReadonlySet<string>): NodeIssue[] {
  const problems: NodeIssue[] = [];
  for (const node of graph.nodes) {
    if (node.type !== "agent") continue;
    // An agent without a model runs on the engine's default, which needs a key too.
    const model = resolveModel(node.data.model, graph.settings.vars);
    const path = `agents.${node.id}.model`;
    const problem = node.data.model === undefined ? null : modelProblem(model);
    if (problem) problems.push({ message: problem, line: 0, column: 0, path });
    const missing = keyed ? keyProblem(model, keyed) : null;
    if (missing) problems.push({ message: missing, line: 0, column: 0, path, warning: true });
  }
  return problems;
}

/**
 * What the run panel says before a run of `document`: one line per provider without a
 * key (and the agents that use it), and a bad `override` model. Empty when all is well.
 */
export function runWarnings(document: FlowDocument | undefined, keyed: ReadonlySet<string>, override = ""): string[] {
  if (override.trim()) {
    const model = override.trim();
    return [modelProblem(model), keyProblem(model, keyed)].filter((line): line is string => line !== null);
  }
  if (!document) return [];
  const byProvider = new Map<string, { model: string; agents: string[] }>();
  const warnings: string[] = [];
  for (const [name, agent] of Object.entries(document.agents)) {
    const model = resolveModel(agent.model, document.vars);
    const problem = agent.model === undefined ? null : modelProblem(model);
    if (problem) warnings.push(`${name}: ${problem}`);
    const provider = keyedProviderOf(model);
    if (!provider || keyed.has(provider.id)) continue;
    const entry = byProvider.get(provider.id) ?? { model, agents: [] };
    entry.agents.push(name);
    byProvider.set(provider.id, entry);
  }
  for (const { model, agents } of byProvider.values()) {
    const shown = agents.length > 5 ? `${agents.slice(0, 5).join(", ")} and ${agents.length - 5} more` : agents.join(", ");
    warnings.push(`${keyProblem(model, keyed)!.replace(/'[^']*' will fail when run/, `${shown} will fail`)}`);
  }
  return warnings;
}

/** The models the picker offers: those of providers with a key, and the offline mock ones. */
export function pickableModels(keyed: ReadonlySet<string>) {
  return providerCatalog.map((provider) => ({
    id: provider.id,
    label: provider.label,
    available: !provider.needsApiKey || keyed.has(provider.id),
    models: provider.exampleModels,
  }));
}

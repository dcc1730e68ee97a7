/**
 * `${vars.NAME}` in a swarm's flow, as Orbiter substitutes vars everywhere: the flow is
 * read with the document's vars in, and the text as written (`SwarmSpec.flow_text`) is
 * written back for as long as it still reads as the swarm's stages, so the canvas shows
 * the names and the document keeps the reference. `${ENV}` references are refused in
 * flows: the environment must not decide a swarm's shape (nor reach the canvas).
 */
import { FlowError, formatFlow, parseFlow } from "./flow";
import { substitute, type Vars } from "./substitute";
import type { Stages, SwarmSpec } from "./types";

const REFERENCE = /\$\{([^}]+)\}/g;

/** Refused in flows, `order` and `edges`: the message since flows first refused references. */
export const ENV_IN_FLOW = "a flow cannot contain ${...} references: write the names";

/** Why the references in `text` (part of a flow, `order` or `edges`) cannot be substituted. */
export function referenceProblem(text: string, vars: Vars | undefined): string | undefined {
  for (const [, ref] of text.matchAll(REFERENCE)) {
    if (!ref!.startsWith("vars.")) return ENV_IN_FLOW;
    const key = ref!.slice("vars.".length);
    if (!vars || !Object.hasOwn(vars, key)) return `unknown var '${key}' (flows may use the document's vars)`;
  }
  return undefined;
}

/** The flow text with its `${vars.NAME}` references substituted, or why it cannot be. */
export function resolveFlowText(text: string, vars: Vars | undefined): { text: string } | { problem: string } {
  const problem = referenceProblem(text, vars);
  if (problem) return { problem };
  const value = substitute(text, { vars });
  if (typeof value !== "string") return { problem: `'${text}' resolves to ${JSON.stringify(value)}, not a flow` };
  return { text: value };
}

/** Whether `text` (with `vars` in) reads as `stages`. */
function readsAs(text: string, vars: Vars | undefined, stages: Stages): boolean {
  const resolved = resolveFlowText(text, vars);
  if (!("text" in resolved)) return false;
  try {
    return formatFlow(parseFlow(resolved.text).stages) === formatFlow(stages);
  } catch (error) {
    if (error instanceof FlowError) return false;
    throw error;
  }
}

/** `flow_text` to keep with `stages` (e.g. edited on the canvas): only while it still reads as them. */
export function keptFlowText(flowText: string | undefined, vars: Vars | undefined, stages: Stages): string | undefined {
  return flowText !== undefined && readsAs(flowText, vars, stages) ? flowText : undefined;
}

/** The flow to write for `swarm`: its text as written while that reads as its stages, else the stages. */
export function writtenFlow(swarm: SwarmSpec, vars: Vars | undefined): string {
  return keptFlowText(swarm.flow_text, vars, swarm.flow) ?? formatFlow(swarm.flow);
}

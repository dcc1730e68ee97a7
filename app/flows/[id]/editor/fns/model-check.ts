/**
 * Model strings checked in the editor, not at run time: a `mock:` model whose behaviour
 * or parameters the mock provider would refuse (`mock:echo?latency=abc`, `mock:ecko`) is
 * a problem on its node. The DSL checks the provider part; this checks the rest.
 */
import type { DocumentError, FlowGraph } from "@/lib/dsl/types";
import { parseMockModel } from "@/lib/providers/mock";
import { resolveModel } from "../nodes/agent/model";

const MOCK_PREFIX = "mock:";

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

/** The problems of every agent's model, as document errors on `agents.<name>.model`. */
export function modelProblems(graph: FlowGraph): DocumentError[] {
  const problems: DocumentError[] = [];
  for (const node of graph.nodes) {
    if (node.type !== "agent" || node.data.model === undefined) continue;
    const problem = modelProblem(resolveModel(node.data.model, graph.settings.vars));
    if (problem) problems.push({ message: problem, line: 0, column: 0, path: `agents.${node.id}.model` });
  }
  return problems;
}

// A real engine run on mock models (two agents in a workflow, a tool call that fails and
// one that succeeds) and its nodes as the rows the recorder stores.
import { buildSwarm, parseDocument } from "@/lib/dsl";
import { run } from "@/lib/engine";
import { toNodeRow } from "@/lib/runs/nodeRows";
import { toolCatalog } from "@/lib/tools/catalog";
import type { RunNodeDetail } from "@/lib/data/runs/types";

export const INPUT = "the-user-input-7f3a what is 6*7?";

export const DOCUMENT = `name: otel-flow
agents:
  math:
    model: 'mock:tool?name=calculator&args={"expression":"6*7"}'
    instructions: Compute.
    tools: [calculator]
  divider:
    model: 'mock:tool?name=calculator&args={"expression":"1/0"}'
    instructions: Divide.
    tools: [calculator]
  writer:
    model: "mock:echo"
    instructions: Repeat.
swarm: { type: workflow, flow: "math >> divider >> writer" }
`;

export async function runFixture(runId = "run-otel-1"): Promise<{ runId: string; rows: RunNodeDetail[] }> {
  const { document, errors } = parseDocument(DOCUMENT, { tools: toolCatalog.map((tool) => tool.name) });
  if (!document || errors.length > 0) throw new Error(JSON.stringify(errors));
  const result = await run(buildSwarm(document), INPUT, { runId });
  const rows = [...result.state.nodes.values()].map((node, seq) => toNodeRow(node, seq));
  return { runId, rows };
}

/**
 * DSL benchmark (issue 4) on a 1,000-agent document: 20 nested swarms, each a flow of
 * five 10-agent groups (parallel and serial in turn), with a layout entry for every node.
 *   D1 parse + validate + serialize of its text — ms
 *   D2 document → graph — ms (and graph → document, for the editor's write-back)
 * Target: under 50 ms each. Figures are medians of 9 runs after 3 warm-up runs.
 */
import { documentToGraph, graphToDocument, parseDocument, serializeDocument } from "@/lib/dsl";

const SWARMS = 20;
const GROUPS_PER_SWARM = 5;
const AGENTS_PER_GROUP = 10;

export function largeDocumentText(): string {
  const lines = ["name: bench-1000", "vars:", '  model: "mock:echo"', "agents:"];
  const groups = ["groups:"];
  const swarms = ["swarms:"];
  const layout = ["layout:"];
  for (let s = 0; s < SWARMS; s++) {
    const groupNames: string[] = [];
    for (let g = 0; g < GROUPS_PER_SWARM; g++) {
      const group = `group_${s}_${g}`;
      const members: string[] = [];
      for (let a = 0; a < AGENTS_PER_GROUP; a++) {
        const agent = `agent_${s}_${g}_${a}`;
        members.push(agent);
        lines.push(
          `  ${agent}:`,
          '    model: "${vars.model}"',
          `    instructions: "You are agent ${a} of group ${g} in stage ${s}. Summarize the input in two sentences."`,
          `    temperature: 0.${a}`,
          "    tools: [calculator]",
        );
        layout.push(`  ${agent}: { x: ${20 + a * 7}, y: ${40 + a * 100} }`);
      }
      groups.push(`  ${group}: { type: ${g % 2 ? "serial" : "parallel"}, agents: [${members.join(", ")}] }`);
      layout.push(`  ${group}: { x: ${g * 300}, y: 40, width: 280, height: 1100 }`);
      groupNames.push(group);
    }
    swarms.push(`  stage_${s}: { type: workflow, flow: "${groupNames.join(" >> ")}" }`);
    layout.push(`  stage_${s}: { x: ${s * 1600}, y: 0 }`);
  }
  const flow = Array.from({ length: SWARMS }, (_, s) => `stage_${s}`).join(" >> ");
  return [...lines, ...groups, ...swarms, "swarm:", "  type: workflow", `  flow: "${flow}"`, ...layout, ""].join("\n");
}

function medianMs(fn: () => void, runs = 9, warmups = 3): number {
  for (let i = 0; i < warmups; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export async function run(): Promise<void> {
  const text = largeDocumentText();
  const first = parseDocument(text);
  if (!first.document) throw new Error(`the bench document is invalid: ${first.errors[0]?.message}`);
  const document = first.document;
  const graph = documentToGraph(document);
  console.log(`document: ${Object.keys(document.agents).length} agents, ${graph.nodes.length} nodes, ${graph.edges.length} edges, ${text.length} chars`);

  const parseValidateSerialize = medianMs(() => {
    const { document: parsed } = parseDocument(text);
    serializeDocument(parsed!);
  });
  const toGraph = medianMs(() => documentToGraph(document));
  const fromGraph = medianMs(() => graphToDocument(graph));
  const row = (label: string, ms: number) => console.log(`${label.padEnd(40)} ${ms.toFixed(1).padStart(7)} ms  ${ms < 50 ? "ok" : "OVER"} (target < 50)`);
  row("D1 parse + validate + serialize", parseValidateSerialize);
  row("D2 document → graph", toGraph);
  row("   graph → document", fromGraph);
}

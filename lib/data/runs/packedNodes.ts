/**
 * A compact form of a run's nodes for the page payload: one tuple per node instead of
 * an object with keys, parents as row indexes, kinds, statuses and models as indexes
 * into small tables, times relative to the first node. A 30,000-node run shrinks about
 * fourfold, and so does the work of serializing and parsing it. Client-safe and pure.
 * The server packs rows as it reads them (nodes.ts, readPackedRunNodes); the run page unpacks.
 */
import { type NodeMarks, RunNodeKind, RunNodeStatus, type RunNodeSummary } from "./types.ts";

type PackedRow = [
  id: string,
  /** Index of the parent row, the parent's id when it is not in the list, or null. */
  parent: number | string | null,
  seq: number,
  kind: number,
  name: string,
  status: number,
  /** Index into `models`, or -1. */
  model: number,
  createdAt: number,
  startedAt: number | null,
  endedAt: number | null,
  durationMs: number | null,
  inputTokens: number,
  outputTokens: number,
  totalTokens: number,
  costUsd: number,
  error: [name: string, message: string] | null,
  /** Rare (handoffs, retried calls): kept as they are, times absolute. */
  marks: NodeMarks | null,
];

export type PackedNodes = { base: number; models: string[]; rows: PackedRow[] };

const KINDS = RunNodeKind.options;
const STATUSES = RunNodeStatus.options;

/** Packs nodes one at a time, in seq order (a parent not yet seen is kept by id). */
export function nodePacker(): { add(node: RunNodeSummary): void; packed(): PackedNodes } {
  let base: number | undefined;
  const rowOf = new Map<string, number>();
  const models: string[] = [];
  const modelIndex = new Map<string, number>();
  const rows: PackedRow[] = [];
  return {
    add(node) {
      base ??= node.createdAt;
      const rel = (ms: number | null) => (ms === null ? null : ms - base!);
      let model = -1;
      if (node.model !== null) {
        model = modelIndex.get(node.model) ?? models.push(node.model) - 1;
        modelIndex.set(node.model, model);
      }
      const parent = node.parentId === null ? null : (rowOf.get(node.parentId) ?? node.parentId);
      rowOf.set(node.id, rows.length);
      rows.push([
        node.id,
        parent,
        node.seq,
        KINDS.indexOf(node.kind),
        node.name,
        STATUSES.indexOf(node.status),
        model,
        node.createdAt - base,
        rel(node.startedAt),
        rel(node.endedAt),
        node.durationMs,
        node.usage.inputTokens,
        node.usage.outputTokens,
        node.usage.totalTokens,
        node.costUsd,
        node.error ? [node.error.name, node.error.message] : null,
        node.marks,
      ]);
    },
    packed: () => ({ base: base ?? 0, models, rows }),
  };
}

/** Nodes in seq order (parents before their children). */
export function packNodes(nodes: readonly RunNodeSummary[]): PackedNodes {
  const packer = nodePacker();
  for (const node of nodes) packer.add(node);
  return packer.packed();
}

export function unpackNodes({ base, models, rows }: PackedNodes): RunNodeSummary[] {
  const abs = (ms: number | null) => (ms === null ? null : ms + base);
  return rows.map((row) => {
    const [id, parent, seq, kind, name, status, model, createdAt, startedAt, endedAt, durationMs, input, output, total, cost, error, marks] = row;
    return {
      id,
      parentId: typeof parent === "number" ? rows[parent]![0] : parent,
      seq,
      kind: KINDS[kind]!,
      name,
      status: STATUSES[status]!,
      model: model < 0 ? null : models[model]!,
      createdAt: createdAt + base,
      startedAt: abs(startedAt),
      endedAt: abs(endedAt),
      durationMs,
      usage: { inputTokens: input, outputTokens: output, totalTokens: total },
      costUsd: cost,
      error: error ? { name: error[0], message: error[1] } : null,
      marks,
    };
  });
}

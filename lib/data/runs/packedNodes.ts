/**
 * A compact form of a run's nodes for the run page: one tuple per node instead of an
 * object with keys, parents as row indexes, kinds, statuses, models and names as indexes
 * into small tables, times relative to the first node, and an id the engine derived from
 * its parent's (`<parent>.<place>`, runState.ts) sent as that place alone. Client-safe, pure.
 *
 * Nodes travel in chunks (the timeline's stream, app/api/runs/[id]/timeline): a chunk
 * carries only the table entries it adds, and its indexes (rows, models, names) count
 * from the start of the stream. The server packs rows as it reads them (nodes.ts); the
 * page unpacks chunk by chunk (nodeUnpacker).
 */
import { type NodeMarks, RunNodeKind, RunNodeStatus, type RunNodeSummary } from "./types.ts";

type PackedRow = [
  /** The id, or the place alone when the id is `<parent's id>.<place>`. */
  id: string | number,
  /** Index of the parent row, the parent's id when it is not in the stream, or null. */
  parent: number | string | null,
  seq: number,
  kind: number,
  /** Index into the names. */
  name: number,
  status: number,
  /** Index into the models, or -1. */
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

/** One chunk: its rows, and the models and names first used in it. */
export type PackedNodes = { base: number; models: string[]; names: string[]; rows: PackedRow[] };

const KINDS = RunNodeKind.options;
const STATUSES = RunNodeStatus.options;

/** Strings numbered in order of first use; `added()` hands out the ones new since its last call. */
function interner() {
  const index = new Map<string, number>();
  let sent = 0;
  const all: string[] = [];
  return {
    of(value: string): number {
      let at = index.get(value);
      if (at === undefined) {
        at = all.push(value) - 1;
        index.set(value, at);
      }
      return at;
    },
    added(): string[] {
      const fresh = all.slice(sent);
      sent = all.length;
      return fresh;
    },
  };
}

/** The place of an id the engine derived from its parent's, else undefined. */
function placeUnder(id: string, parentId: string): number | undefined {
  if (id.length <= parentId.length + 1 || !id.startsWith(parentId) || id[parentId.length] !== ".") return undefined;
  const rest = id.slice(parentId.length + 1);
  const place = Number(rest);
  return Number.isSafeInteger(place) && place >= 0 && String(place) === rest ? place : undefined;
}

/** Packs nodes one at a time, in seq order (a parent not yet seen is kept by id); `take()` ends a chunk. */
export function nodePacker(): { add(node: RunNodeSummary): void; take(): PackedNodes } {
  let base: number | undefined;
  const rowOf = new Map<string, number>();
  let count = 0;
  const models = interner();
  const names = interner();
  let rows: PackedRow[] = [];
  return {
    add(node) {
      base ??= node.createdAt;
      const rel = (ms: number | null) => (ms === null ? null : ms - base!);
      const parentRow = node.parentId === null ? undefined : rowOf.get(node.parentId);
      const parent = node.parentId === null ? null : (parentRow ?? node.parentId);
      const place = parentRow === undefined ? undefined : placeUnder(node.id, node.parentId!);
      rowOf.set(node.id, count++);
      rows.push([
        place ?? node.id,
        parent,
        node.seq,
        KINDS.indexOf(node.kind),
        names.of(node.name),
        STATUSES.indexOf(node.status),
        node.model === null ? -1 : models.of(node.model),
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
    take() {
      const chunk = { base: base ?? 0, models: models.added(), names: names.added(), rows };
      rows = [];
      return chunk;
    },
  };
}

/** Unpacks the chunks of one stream, in order, back into nodes. */
export function nodeUnpacker(): { add(chunk: PackedNodes): RunNodeSummary[] } {
  const ids: string[] = [];
  const models: string[] = [];
  const names: string[] = [];
  return {
    add(chunk) {
      const { base } = chunk;
      models.push(...chunk.models);
      names.push(...chunk.names);
      const abs = (ms: number | null) => (ms === null ? null : ms + base);
      return chunk.rows.map((row) => {
        const [packedId, parent, seq, kind, name, status, model, createdAt, startedAt, endedAt, durationMs, input, output, total, cost, error, marks] = row;
        const parentId = typeof parent === "number" ? ids[parent]! : parent;
        const id = typeof packedId === "number" ? `${parentId}.${packedId}` : packedId;
        ids.push(id);
        return {
          id,
          parentId,
          seq,
          kind: KINDS[kind]!,
          name: names[name]!,
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
    },
  };
}

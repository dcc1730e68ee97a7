/**
 * The run page's timeline as a stream (GET /api/runs/:id/timeline, newline-delimited
 * JSON): a head line (the last event seq, the run's header, how many nodes), then the
 * nodes in packed chunks (packedNodes.ts). Client-safe: the page reads it here.
 */
import { z } from "zod";
import type { PackedNodes } from "@/lib/data/runs/packedNodes";
import { RunStatus, RunTotals } from "@/lib/data/runs/types";

/** Where a run's timeline streams from. */
export function timelineUrl(runId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/timeline`;
}

/**
 * Read before the nodes, in this order: events after `lastSeq` replay onto nodes at least
 * that new, and the header is no older than `lastSeq`.
 */
export const TimelineHead = z.object({
  lastSeq: z.number().int().nonnegative(),
  header: z.object({ status: RunStatus, error: z.string().nullable(), output: z.string().nullable(), totals: RunTotals }),
  count: z.number().int().nonnegative(),
});
export type TimelineHead = z.infer<typeof TimelineHead>;

/** A chunk as far as it is checked here: its rows are the server's own packing, read as they are (100,000 tuples through zod would cost more than drawing them). */
const ChunkShape = z.object({ base: z.number(), models: z.array(z.string()), names: z.array(z.string()), rows: z.array(z.unknown()) });

/** Reads the stream line by line: the head first, then every chunk, in order. */
export async function readTimelineStream(
  body: ReadableStream<Uint8Array>,
  on: { head(head: TimelineHead): void; chunk(chunk: PackedNodes): void },
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  let headRead = false;
  const line = (text: string) => {
    const value: unknown = JSON.parse(text);
    if (!headRead) {
      on.head(TimelineHead.parse(value));
      headRead = true;
    } else {
      on.chunk(ChunkShape.parse(value) as PackedNodes);
    }
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end = buffered.indexOf("\n");
    while (end >= 0) {
      line(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf("\n");
    }
  }
  if (buffered.trim()) line(buffered);
  if (!headRead) throw new Error("The timeline stream ended before its head.");
}

/**
 * GET /api/runs/:id/events — the run's live events as Server-Sent Events. Each event's
 * `id` is its per-run seq, so a reconnecting client (Last-Event-ID, or `?after=`) gets
 * exactly what it missed. A final `end` event says the run finished.
 */
import { z } from "zod";
import { getRun } from "@/lib/data/runs";
import { followRun } from "@/lib/runs";
import { resolveCaller } from "../../../_lib/caller";
import { errorResponse, problem } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

/** The last sequence number the client has: digits only, so a mangled header is an error, not a replay from the start. */
const AfterSeq = z.string().trim().regex(/^\d{1,15}$/, "must be a whole number of at most 15 digits").transform(Number);
const KEEPALIVE_MS = 15_000;

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  let teamId: string;
  const { id } = await context.params;
  try {
    teamId = (await resolveCaller(request, { allowSession: true })).teamId;
    await getRun(teamId, id);
  } catch (error) {
    return errorResponse(error);
  }
  const after = AfterSeq.safeParse(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0");
  if (!after.success) return problem(400, "Last-Event-ID (or ?after=) must be the seq of an event of this run, a whole number.");
  const afterSeq = after.data;
  const encoder = new TextEncoder();
  const stop = new AbortController();
  request.signal.addEventListener("abort", () => stop.abort(), { once: true });

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      try {
        send("retry: 2000\n\n");
        for await (const { seq, event } of followRun({ teamId, runId: id, afterSeq, signal: stop.signal })) {
          send(`id: ${seq}\ndata: ${JSON.stringify(event)}\n\n`);
        }
        if (!stop.signal.aborted) {
          const run = await getRun(teamId, id);
          send(`event: end\ndata: ${JSON.stringify({ status: run.status })}\n\n`);
        }
      } catch (error) {
        if (!stop.signal.aborted) console.error(`SSE for run ${id} failed`, error);
      } finally {
        clearInterval(keepalive);
        try {
          controller.close();
        } catch {
          // the client went away first
        }
      }
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

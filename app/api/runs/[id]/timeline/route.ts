/**
 * GET /api/runs/:id/timeline — what the run page draws, streamed (lib/runs/live/timelineStream.ts):
 * a head line, then the nodes in packed chunks as they are read, so a 100,000-node run
 * shows its first rows long before its last ones are read.
 */
import { Id } from "@/lib/data/validation";
import { openRunTimeline, type RunTimeline } from "@/lib/data/runs";
import type { TimelineHead } from "@/lib/runs/live/timelineStream";
import { resolveCaller } from "../../../_lib/caller";
import { errorResponse, problem } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  let timeline: RunTimeline;
  try {
    const { teamId } = await resolveCaller(request, { allowSession: true });
    if (!Id.safeParse(id).success) return problem(400, "Invalid run id");
    timeline = await openRunTimeline(teamId, id);
  } catch (error) {
    return errorResponse(error);
  }
  const { lastSeq, run, count, chunks } = timeline;
  const head: TimelineHead = { lastSeq, header: { status: run.status, error: run.error, output: run.output, totals: run.totals }, count };
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify(head)}\n`));
    },
    // One chunk read per pull: a reader that stops reading stops the queries too.
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (error) {
        console.error(`The timeline of run ${id} failed while streaming`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" } });
}

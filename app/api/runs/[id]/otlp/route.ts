// GET /api/runs/:id/otlp — the run's trace as an OTLP/JSON ExportTraceServiceRequest, as a
// file to download (content only when the team opted in; never a credential).
import { runTraceJson } from "@/lib/runs/telemetry";
import { resolveCaller } from "../../../_lib/caller";
import { errorResponse } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: true });
    const { id } = await context.params;
    const body = await runTraceJson(caller.teamId, id);
    return new Response(Buffer.from(body), {
      headers: {
        "content-type": "application/json",
        "content-disposition": `attachment; filename="run-${id.replace(/[^\w.-]/g, "_")}.otlp.json"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}

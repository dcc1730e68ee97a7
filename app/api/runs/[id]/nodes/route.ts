// GET /api/runs/:id/nodes — every RunNode of a run in creation order (without payloads).
import { listRunNodes } from "@/lib/data/runs";
import { resolveCaller } from "../../../_lib/caller";
import { errorResponse, json } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: true });
    const { id } = await context.params;
    return json({ nodes: await listRunNodes(caller.teamId, id) });
  } catch (error) {
    return errorResponse(error);
  }
}

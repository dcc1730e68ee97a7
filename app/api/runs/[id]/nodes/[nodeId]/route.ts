// GET /api/runs/:id/nodes/:nodeId — one node with input, output, messages and metadata.
import { getRunNode } from "@/lib/data/runs";
import { resolveCaller } from "../../../../_lib/caller";
import { errorResponse, json } from "../../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function GET(
  request: Request,
  context: { params: Promise<{ id: string; nodeId: string }> },
): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: true });
    const { id, nodeId } = await context.params;
    return json(await getRunNode(caller.teamId, id, nodeId));
  } catch (error) {
    return errorResponse(error);
  }
}

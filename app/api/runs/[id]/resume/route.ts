// POST /api/runs/:id/resume — continue an interrupted run from its last recorded step.
import { resumeRunAs } from "@/lib/runs/commands";
import { resolveCaller } from "../../../_lib/caller";
import { methodNotAllowed } from "../../../_lib/body";
import { errorResponse, json } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: false });
    const { id } = await context.params;
    await resumeRunAs(caller, id);
    return json({ id, status: "queued", url: `/api/runs/${id}` }, 202);
  } catch (error) {
    return errorResponse(error);
  }
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

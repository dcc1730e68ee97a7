// POST /api/runs/:id/fork — { nodeId, edits? }: a new run that reuses the parent's steps
// before that model call and runs the call (with the edits) and the rest anew.
import { ForkRequest, forkRunAs } from "@/lib/runs/forks";
import { z } from "zod";
import { resolveCaller } from "../../../_lib/caller";
import { methodNotAllowed, readJsonBody } from "../../../_lib/body";
import { errorResponse, invalidRequest, json } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

const ForkBody = z.strictObject({ nodeId: ForkRequest.shape.nodeId, edits: ForkRequest.shape.edits });

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: false });
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = ForkBody.safeParse(body.value);
    if (!parsed.success) return invalidRequest(parsed.error);
    const { id } = await context.params;
    const run = await forkRunAs(caller, id, parsed.data);
    return json({ id: run.id, status: run.status, forkOf: id, url: `/api/runs/${run.id}` }, 201);
  } catch (error) {
    return errorResponse(error);
  }
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

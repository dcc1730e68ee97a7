// POST /api/evaluations/:id/resume — continue an interrupted evaluation with the rows not done (team token).
import { Id } from "@/lib/data/validation";
import { resumeEvaluation } from "@/lib/evaluations/service";
import { resolveCaller } from "../../../_lib/caller";
import { methodNotAllowed } from "../../../_lib/body";
import { errorResponse, json, problem } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: false });
    const { id } = await context.params;
    if (!Id.safeParse(id).success) return problem(400, "Invalid evaluation id");
    await resumeEvaluation(caller, id);
    return json({ id, status: "running", url: `/api/evaluations/${id}` }, 202);
  } catch (error) {
    return errorResponse(error);
  }
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

// POST /api/runs/:id/answer — answer a waiting run's question: { nodeId, answer }.
// GET lists the run's open questions.
import { listOpenQuestions } from "@/lib/data/runs";
import { Answer, answerRunAs } from "@/lib/runs/answers";
import { resolveCaller } from "../../../_lib/caller";
import { readJsonBody } from "../../../_lib/body";
import { errorResponse, invalidRequest, json } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: false });
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = Answer.strict().safeParse(body.value);
    if (!parsed.success) return invalidRequest(parsed.error);
    const { id } = await context.params;
    await answerRunAs(caller, id, parsed.data);
    return json({ id, status: "queued", url: `/api/runs/${id}` }, 202);
  } catch (error) {
    return errorResponse(error);
  }
}

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: true });
    const { id } = await context.params;
    return json({ questions: await listOpenQuestions(caller.teamId, id) });
  } catch (error) {
    return errorResponse(error);
  }
}

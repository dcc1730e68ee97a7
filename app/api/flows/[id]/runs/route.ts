// POST /api/flows/:id/runs — start a run of a saved flow; JSON in, run id out.
import { z } from "zod";
import { MAX_RUN_INPUT_CHARS } from "@/lib/data/runs";
import { ModelOverride, startRun } from "@/lib/runs";
import { resolveCaller } from "../../../_lib/caller";
import { methodNotAllowed, readJsonBody } from "../../../_lib/body";
import { errorResponse, invalidRequest, json, problem } from "../../../_lib/responses";

export const dynamic = "force-dynamic";

const StartRunBody = z.strictObject({
  input: z.string().max(MAX_RUN_INPUT_CHARS),
  /** A version number of the flow; default: the latest. */
  version: z.number().int().positive().optional(),
  /** Replaces every agent's model for this run, e.g. "mock:echo". */
  model: ModelOverride.optional(),
});

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: false });
    if (!caller.canRun) return problem(403, "This caller may not run flows.");
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = StartRunBody.safeParse(body.value);
    if (!parsed.success) return invalidRequest(parsed.error);
    const { id } = await context.params;
    const run = await startRun({
      teamId: caller.teamId,
      userId: caller.userId,
      apiTokenId: caller.apiTokenId,
      flowId: id,
      version: parsed.data.version,
      input: parsed.data.input,
      options: parsed.data.model ? { modelOverride: parsed.data.model } : {},
      trigger: "api",
    });
    return json({ id: run.id, status: run.status, url: `/api/runs/${run.id}` }, 201);
  } catch (error) {
    return errorResponse(error);
  }
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

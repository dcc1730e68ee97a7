// POST /api/flows/:id/runs — start a run of a saved flow; JSON in, run id out.
import { z } from "zod";
import { MAX_RUN_INPUT_CHARS } from "@/lib/data/runs";
import { ModelOverride } from "@/lib/runs";
import { startRunAs } from "@/lib/runs/commands";
import { resolveCaller } from "../../../_lib/caller";
import { methodNotAllowed, readJsonBody } from "../../../_lib/body";
import { errorResponse, invalidRequest, json } from "../../../_lib/responses";

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
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = StartRunBody.safeParse(body.value);
    if (!parsed.success) return invalidRequest(parsed.error);
    const { id } = await context.params;
    const { input, version, model } = parsed.data;
    const run = await startRunAs(caller, { flowId: id, version, input, modelOverride: model, trigger: "api" });
    return json({ id: run.id, status: run.status, url: `/api/runs/${run.id}` }, 201);
  } catch (error) {
    return errorResponse(error);
  }
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

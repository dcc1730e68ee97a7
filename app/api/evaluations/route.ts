// POST /api/evaluations — start an evaluation of a flow version over a dataset (team token);
// with `baselineVersion`, that version is evaluated too and is the verdict's baseline.
import { z } from "zod";
import { MAX_EVALUATION_CONCURRENCY } from "@/lib/data/evaluations";
import { ScorerSpellings } from "@/lib/data/evaluationTypes";
import { Id } from "@/lib/data/validation";
import { startEvaluation } from "@/lib/evaluations/service";
import { ModelOverride } from "@/lib/runs";
import { resolveCaller } from "../_lib/caller";
import { methodNotAllowed, readJsonBody } from "../_lib/body";
import { errorResponse, invalidRequest, json } from "../_lib/responses";

export const dynamic = "force-dynamic";

const StartEvaluationBody = z.strictObject({
  flowId: Id,
  /** A version number of the flow; default: the latest. */
  version: z.number().int().positive().optional(),
  datasetId: Id,
  /** Default: the dataset's newest version. */
  datasetVersion: z.number().int().positive().optional(),
  scorers: ScorerSpellings.min(1),
  concurrency: z.number().int().min(1).max(MAX_EVALUATION_CONCURRENCY).default(5),
  /** Replaces every agent's model, e.g. "mock:echo". */
  model: ModelOverride.optional(),
  /** The verdict fails below this pass rate (0..1). */
  minPass: z.number().min(0).max(1).optional(),
  /** Also evaluate this version of the same flow: the verdict fails when the pass rate is worse than its. */
  baselineVersion: z.number().int().positive().optional(),
});

export async function POST(request: Request): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: false });
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = StartEvaluationBody.safeParse(body.value);
    if (!parsed.success) return invalidRequest(parsed.error);
    const { model, baselineVersion, ...command } = parsed.data;
    const common = { ...command, modelOverride: model, trigger: "api" as const };
    const baseline = baselineVersion === undefined ? undefined : await startEvaluation(caller, { ...common, version: baselineVersion, minPass: undefined });
    const evaluation = await startEvaluation(caller, { ...common, datasetVersion: baseline?.datasetVersion ?? command.datasetVersion, baselineId: baseline?.id });
    return json({ id: evaluation.id, baselineId: baseline?.id ?? null, status: evaluation.status, rows: evaluation.rowCount, url: `/api/evaluations/${evaluation.id}` }, 201);
  } catch (error) {
    return errorResponse(error);
  }
}

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

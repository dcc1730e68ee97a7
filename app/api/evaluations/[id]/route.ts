// GET /api/evaluations/:id — status, progress, aggregates and the CI verdict (`pass`: true,
// false, or null while it or its baseline runs), with the comparison against its baseline.
import { Id } from "@/lib/data/validation";
import { compareResults, evaluationResult, verdictOf } from "@/lib/evaluations/results";
import { resolveCaller } from "../../_lib/caller";
import { methodNotAllowed } from "../../_lib/body";
import { errorResponse, json, problem } from "../../_lib/responses";
import { comparisonJson } from "../comparisonJson";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const caller = await resolveCaller(request, { allowSession: true });
    const { id } = await context.params;
    if (!Id.safeParse(id).success) return problem(400, "Invalid evaluation id");
    const result = await evaluationResult(caller, id);
    const { evaluation } = result;
    const baseline = evaluation.baselineId ? await evaluationResult(caller, evaluation.baselineId) : undefined;
    const comparison = baseline ? comparisonJson(compareResults([baseline, result])) : null;
    return json({
      id,
      status: evaluation.status,
      flow: { id: evaluation.flowId, name: evaluation.flowName, version: evaluation.flowVersion },
      dataset: { id: evaluation.datasetId, name: evaluation.datasetName, version: evaluation.datasetVersion },
      progress: { done: evaluation.done, rows: evaluation.rowCount },
      scorers: evaluation.scorers,
      minPass: evaluation.minPass,
      aggregate: result.aggregate,
      verdict: verdictOf(result, baseline),
      baseline: baseline ? { id: baseline.evaluation.id, status: baseline.evaluation.status, aggregate: baseline.aggregate } : null,
      comparison,
      url: `/evaluations/${id}`,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export function POST(): Response {
  return methodNotAllowed(["GET"]);
}

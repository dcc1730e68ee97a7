// POST /api/evaluations/:id/resume — continue an interrupted evaluation with the rows not done (team token).
import { resumeEvaluation } from "@/lib/evaluations/service";
import { methodNotAllowed } from "../../../_lib/body";
import { evaluationCommand } from "../../command";

export const dynamic = "force-dynamic";

export const POST = evaluationCommand(resumeEvaluation, "running");

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

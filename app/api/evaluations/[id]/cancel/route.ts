// POST /api/evaluations/:id/cancel — stop an evaluation: no more rows start, its open runs are cancelled (team token).
import { cancelEvaluation } from "@/lib/evaluations/service";
import { methodNotAllowed } from "../../../_lib/body";
import { evaluationCommand } from "../../command";

export const dynamic = "force-dynamic";

export const POST = evaluationCommand(cancelEvaluation, "cancelled");

export function GET(): Response {
  return methodNotAllowed(["POST"]);
}

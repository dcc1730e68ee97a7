// One POST handler for the commands on an evaluation (cancel, resume): a team token, a
// valid id, the service's command, then 202 with the status it moves to.
import { Id } from "@/lib/data/validation";
import type { EvaluationActor } from "@/lib/evaluations/service";
import { resolveCaller } from "../_lib/caller";
import { errorResponse, json, problem } from "../_lib/responses";

type Command = (actor: EvaluationActor, evaluationId: string) => Promise<void>;

export function evaluationCommand(command: Command, status: "cancelled" | "running") {
  return async (request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const caller = await resolveCaller(request, { allowSession: false });
      const { id } = await context.params;
      if (!Id.safeParse(id).success) return problem(400, "Invalid evaluation id");
      await command(caller, id);
      return json({ id, status, url: `/api/evaluations/${id}` }, 202);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

// Runs a settings action's work and turns any refusal into an ActionResult.
import { authApiMessage } from "@/lib/auth";
import { type ActionResult, fail, fromError, ok } from "@/app/_lib/action-result";

export async function attempt<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return ok(await work());
  } catch (error) {
    const refusal = authApiMessage(error);
    return refusal ? fail(refusal) : fromError(error);
  }
}

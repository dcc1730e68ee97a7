import { substitute, type Vars } from "@/lib/dsl/substitute";
// The module itself, not the engine's index: agent.ts has no run-time imports, so it is client-safe.
import { DEFAULT_MODEL } from "@/lib/engine/agent";

/**
 * The model an agent will run with, for display: `${vars.KEY}` resolved with the
 * document's vars (an `${ENV}` reference stays as written: the browser never sees env).
 */
export function resolveModel(model: string | undefined, vars: Vars | undefined): string {
  if (model === undefined) return DEFAULT_MODEL;
  const resolved = substitute(model, { vars });
  return typeof resolved === "string" ? resolved : model;
}

import { substitute, type Vars } from "@/lib/dsl/substitute";

/** What the runtime uses when an agent names no model (DESIGN §1). */
const RUNTIME_DEFAULT_MODEL = "openai:gpt-4o";

/**
 * The model an agent will run with, for display: `${vars.KEY}` resolved with the
 * document's vars (an `${ENV}` reference stays as written: the browser never sees env).
 */
export function resolveModel(model: string | undefined, vars: Vars | undefined): string {
  if (model === undefined) return RUNTIME_DEFAULT_MODEL;
  const resolved = substitute(model, { vars });
  return typeof resolved === "string" ? resolved : model;
}

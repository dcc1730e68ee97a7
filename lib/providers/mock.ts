/**
 * The `mock:` provider: deterministic and offline, so a saved document demos latency,
 * tool calls and failures with no API key. The model string is a behaviour plus
 * query-string parameters:
 *
 *   mock:echo                          reply with the last user message
 *   mock:reply?text=Hello              reply with fixed text
 *   mock:tool?name=calculator&args={"expression":"6*7"}[&text=...]
 *                                      call the tool; once its result is in the history,
 *                                      answer with `text` (default: "<name> returned: <result>")
 *   mock:fail?kind=server[&message=...][&retry_after=1000][&times=2[&text=...]]
 *                                      fail with a ModelError of that kind
 *                                      (rate_limit, server, network, timeout,
 *                                      context_length, auth, bad_request, unknown);
 *                                      with `times`, only the first n calls fail and
 *                                      later ones answer `text` (default: echo), so a
 *                                      demo shows retries that succeed. Calls are
 *                                      counted per provider, and the engine resolves
 *                                      one provider per model string per run.
 *
 * Every behaviour takes `latency=<ms>` (0–600000). Values are percent-decoded when they
 * can be (`+` stays a plus sign); write `%26` for a literal `&`. Unknown behaviours and
 * parameters are errors, so a typo in a document fails loudly.
 */
import { z } from "zod";
import type { Message, ModelProvider, ModelRequest } from "@/lib/engine/model";
import { ModelErrorKindSchema, playScript, type ScriptStep } from "./scripted";
import { InvalidModelError } from "./errors";

const latency = z.coerce.number().int().min(0).max(600_000).default(0);

const jsonObjectText = z.string().refine(
  (text) => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === "object" && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  },
  { message: "args must be a JSON object" },
);

export const MockModelSpec = z.discriminatedUnion("behaviour", [
  z.strictObject({ behaviour: z.literal("echo"), latency }),
  z.strictObject({ behaviour: z.literal("reply"), latency, text: z.string() }),
  z.strictObject({
    behaviour: z.literal("tool"),
    latency,
    name: z.string().min(1),
    args: jsonObjectText.default("{}"),
    text: z.string().optional(),
  }),
  z.strictObject({
    behaviour: z.literal("fail"),
    latency,
    kind: ModelErrorKindSchema,
    message: z.string().optional(),
    retry_after: z.coerce.number().int().min(0).optional(),
    times: z.coerce.number().int().min(1).optional(),
    text: z.string().optional(),
  }),
]);
export type MockModelSpec = z.infer<typeof MockModelSpec>;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // "50% off" is meant literally
  }
}

/** Parses the part after "mock:", e.g. `echo?latency=300`. Throws a readable error. */
export function parseMockModel(model: string): MockModelSpec {
  const question = model.indexOf("?");
  const behaviour = question < 0 ? model : model.slice(0, question);
  const fields: Record<string, string> = { behaviour };
  if (question >= 0) {
    for (const pair of model.slice(question + 1).split("&")) {
      if (pair === "") continue;
      const eq = pair.indexOf("=");
      const key = decode(eq < 0 ? pair : pair.slice(0, eq));
      fields[key] = eq < 0 ? "" : decode(pair.slice(eq + 1));
    }
  }
  const parsed = MockModelSpec.safeParse(fields);
  if (!parsed.success) {
    throw new InvalidModelError(`Invalid mock model "mock:${model}": ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

function lastOf<R extends Message["role"]>(messages: readonly Message[], role: R) {
  return messages.findLast((message): message is Extract<Message, { role: R }> => message.role === role);
}

function stepFor(spec: MockModelSpec, request: ModelRequest, callIndex: number): ScriptStep {
  const latencyMs = spec.latency;
  const echo = () => lastOf(request.messages, "user")?.content ?? "";
  switch (spec.behaviour) {
    case "echo":
      return { latencyMs, text: echo() };
    case "reply":
      return { latencyMs, text: spec.text };
    case "tool": {
      // Stateless: whether the tool already answered is read from the history.
      const last = request.messages.at(-1);
      if (last?.role === "tool") return { latencyMs, text: spec.text ?? `${last.toolName} returned: ${last.content}` };
      return { latencyMs, toolCalls: [{ name: spec.name, arguments: spec.args }] };
    }
    case "fail":
      if (spec.times !== undefined && callIndex >= spec.times) return { latencyMs, text: spec.text ?? echo() };
      return { latencyMs, fail: { kind: spec.kind, message: spec.message, retryAfterMs: spec.retry_after } };
  }
}

/** A provider for one `mock:` model string (given without the "mock:" prefix). */
export function createMockProvider(model: string): ModelProvider {
  const spec = parseMockModel(model);
  return playScript((request, callIndex) => stepFor(spec, request, callIndex), { record: false });
}

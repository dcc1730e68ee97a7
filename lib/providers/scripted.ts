/**
 * A provider that plays a script: each model call takes the next step (or asks a
 * function for it). Used by tests, benchmarks and the `mock:` model strings.
 */
import { z } from "zod";
import {
  ModelError,
  type ModelErrorKind,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  type StreamChunk,
  type ToolCall,
} from "@/lib/engine/model";
import { sleep } from "./sleep";
import { roughUsage } from "./tokens";

export const ModelErrorKindSchema = z.enum([
  "rate_limit",
  "server",
  "network",
  "timeout",
  "context_length",
  "auth",
  "bad_request",
  "unknown",
]) satisfies z.ZodType<ModelErrorKind>;

const ScriptedToolCall = z.object({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** An object (sent as JSON) or JSON text sent as is. */
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).default({}),
});

/** One model call's outcome. A step with `fail` throws that ModelError after its latency. */
export const ScriptStep = z.object({
  text: z.string().default(""),
  toolCalls: z.array(ScriptedToolCall).default([]),
  latencyMs: z.number().int().min(0).max(600_000).default(0),
  fail: z
    .object({
      kind: ModelErrorKindSchema,
      message: z.string().optional(),
      status: z.number().int().optional(),
      retryAfterMs: z.number().int().min(0).optional(),
    })
    .optional(),
  usage: z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) }).optional(),
});
export type ScriptStep = z.input<typeof ScriptStep>;
type ParsedStep = z.output<typeof ScriptStep>;

/** Steps played in order, or a function deciding each call's step from the request. */
export type Script = readonly ScriptStep[] | ((request: ModelRequest, callIndex: number) => ScriptStep);

export type ScriptedProvider = ModelProvider & {
  /** Every request received, in order, for assertions. */
  readonly requests: readonly ModelRequest[];
};

const STREAM_CHUNKS = 4;

function toResponse(step: ParsedStep, request: ModelRequest, callIndex: number): ModelResponse {
  const toolCalls: ToolCall[] = step.toolCalls.map((call, i) => ({
    id: call.id ?? `call_${callIndex}_${i}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
  }));
  const output = step.text + toolCalls.map((call) => call.name + call.arguments).join("");
  const rough = roughUsage(request.messages, output);
  const usage = step.usage
    ? { ...step.usage, totalTokens: step.usage.inputTokens + step.usage.outputTokens }
    : rough;
  return { content: step.text, toolCalls, usage, finishReason: toolCalls.length > 0 ? "tool_calls" : "stop" };
}

function toModelError(fail: NonNullable<ParsedStep["fail"]>): ModelError {
  return new ModelError(fail.message ?? `mock provider failure (${fail.kind})`, {
    reason: fail.kind,
    status: fail.status,
    retryAfterMs: fail.retryAfterMs,
  });
}

/** Splits text into at most `count` pieces at word boundaries. */
export function splitIntoChunks(text: string, count: number): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length === 0) return [];
  const perChunk = Math.ceil(words.length / count);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += perChunk) chunks.push(words.slice(i, i + perChunk).join(""));
  return chunks;
}

/**
 * The provider behind `createScriptedProvider` and the `mock:` models. Only scripted
 * providers (tests) record requests: a long demo run should not hold every history.
 */
export function playScript(script: Script, options: { record: boolean }): ScriptedProvider {
  const requests: ModelRequest[] = [];
  let calls = 0;

  function nextStep(request: ModelRequest): { step: ParsedStep; callIndex: number } {
    const callIndex = calls++;
    if (options.record) requests.push(request);
    const raw = typeof script === "function" ? script(request, callIndex) : script[callIndex];
    if (raw === undefined) {
      throw new ModelError(`scripted provider: the script has no step for call #${callIndex + 1}`, { reason: "unknown" });
    }
    return { step: ScriptStep.parse(raw), callIndex };
  }

  return {
    requests,

    async complete(request) {
      const { step, callIndex } = nextStep(request);
      await sleep(step.latencyMs, request.signal);
      if (step.fail) throw toModelError(step.fail);
      return toResponse(step, request, callIndex);
    },

    async *stream(request): AsyncIterable<StreamChunk> {
      const { step, callIndex } = nextStep(request);
      const response = toResponse(step, request, callIndex);
      const textChunks = splitIntoChunks(response.content, STREAM_CHUNKS);
      // The latency is spread over the pieces, so a slow mock streams visibly.
      const pieces = textChunks.length + response.toolCalls.length;
      if (step.fail || pieces === 0) await sleep(step.latencyMs, request.signal);
      if (step.fail) throw toModelError(step.fail);
      const pause = pieces === 0 ? 0 : step.latencyMs / pieces;
      for (const text of textChunks) {
        await sleep(pause, request.signal);
        yield { type: "text_delta", text };
      }
      for (const [index, call] of response.toolCalls.entries()) {
        await sleep(pause, request.signal);
        yield { type: "tool_call_delta", index, id: call.id, name: call.name, argumentsDelta: call.arguments };
      }
      yield { type: "done", response };
    },
  };
}

export function createScriptedProvider(script: Script): ScriptedProvider {
  return playScript(script, { record: true });
}

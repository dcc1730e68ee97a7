/**
 * One model call with retries: transient ModelErrors (rate limit, 5xx, network, timeout)
 * are retried up to `maxRetries` times after `retryAfterMs` or `2^attempt × retryBaseMs`;
 * anything else (context length, auth, non-ModelError) fails at once. Either way the
 * failure reaches the agent as an AgentError whose `cause` is the provider's error.
 * A streamed call that fails midway is retried whole: its text events may repeat.
 * Each try's times (and a failed one's error) go into `attempts`, also when the call fails.
 */
import { AgentError } from "../errors";
import { isModelError, ModelError, type ModelProvider, type ModelRequest, type ModelResponse } from "../model";
import { abortError, raceAbort, sleep } from "./abort";
import type { RunContext } from "./context";

export type ModelCallTarget = { agentName: string; nodeId: string; provider: ModelProvider };

/** One try of a model call, in epoch ms; `error` when it failed. */
export type ModelCallAttempt = { startedAt: number; endedAt: number; error?: string };

export async function callModel(
  ctx: RunContext,
  target: ModelCallTarget,
  request: ModelRequest,
  signal: AbortSignal,
  attempts: ModelCallAttempt[] = [],
): Promise<{ response: ModelResponse; retries: number }> {
  for (let attempt = 0; ; attempt++) {
    const startedAt = Date.now();
    try {
      const response = ctx.streaming
        ? await streamResponse(ctx, target, request, signal)
        : await raceAbort(target.provider.complete(request), signal);
      attempts.push({ startedAt, endedAt: Date.now() });
      return { response, retries: attempt };
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      const message = error instanceof Error ? error.message : String(error);
      attempts.push({ startedAt, endedAt: Date.now(), error: message });
      if (!isModelError(error) || !error.retryable) {
        throw new AgentError(target.agentName, `model call failed: ${message}`, { cause: error });
      }
      if (attempt >= ctx.maxRetries) {
        throw new AgentError(target.agentName, `model call failed after ${attempt + 1} attempts: ${message}`, {
          cause: error,
        });
      }
      await sleep(error.retryAfterMs ?? 2 ** attempt * ctx.retryBaseMs, signal);
    }
  }
}

/** Streams text pieces as `text` events; the provider's final `done` chunk is the response. */
async function streamResponse(
  ctx: RunContext,
  target: ModelCallTarget,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<ModelResponse> {
  const iterator = target.provider.stream(request)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) break;
      const chunk = next.value;
      if (chunk.type === "done") return chunk.response;
      if (chunk.type === "text_delta" && chunk.text && ctx.listening) {
        ctx.emit({ type: "text", agentName: target.agentName, nodeId: target.nodeId, text: chunk.text });
      }
    }
  } finally {
    // Lets the provider close its HTTP stream when we stop early; its own errors are moot here.
    void Promise.resolve(iterator.return?.()).catch(() => {});
  }
  throw new ModelError("the provider's stream ended without a final response", { reason: "server" });
}

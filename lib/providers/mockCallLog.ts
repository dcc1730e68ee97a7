/**
 * SWARM_MOCK_CALL_LOG=<file>: every `mock:` call appends a JSON line when it starts and
 * when it answers, keyed by its model and history (the same step of the same run gives the
 * same key in every execution). Durable-run tests read it to prove that a run continued
 * on another worker called each finished step exactly once.
 */
import { createHash } from "node:crypto";
import { appendFileSync } from "node:fs";
import type { ModelProvider, ModelRequest } from "@/lib/engine/model";

export type MockCallLogLine = { event: "start" | "end"; key: string; model: string; pid: number; at: number };

function keyOf(model: string, request: ModelRequest): string {
  return createHash("sha256").update(model).update(JSON.stringify(request.messages)).digest("hex").slice(0, 16);
}

export function withCallLog(provider: ModelProvider, model: string, file = process.env.SWARM_MOCK_CALL_LOG): ModelProvider {
  if (!file) return provider;
  const log = (event: MockCallLogLine["event"], request: ModelRequest) => {
    const line: MockCallLogLine = { event, key: keyOf(model, request), model, pid: process.pid, at: Date.now() };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  return {
    async complete(request) {
      log("start", request);
      const response = await provider.complete(request);
      log("end", request);
      return response;
    },
    async *stream(request) {
      log("start", request);
      for await (const chunk of provider.stream(request)) {
        if (chunk.type === "done") log("end", request);
        yield chunk;
      }
    },
  };
}

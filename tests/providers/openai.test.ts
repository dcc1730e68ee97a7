import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ModelError, type ModelRequest, type StreamChunk } from "@/lib/engine/model";
import OpenAI from "openai";
import { getProvider } from "@/lib/providers";
import { isOfficialApi, openAIErrorToModelError, toOpenAIParams } from "@/lib/providers/openai";
import {
  openaiCompletion,
  openaiContextLengthError,
  openaiError,
  openaiStream,
  startFakeOpenAI,
  type FakeOpenAI,
} from "./fakes/openai";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const provider = () => getProvider("openai:gpt-4o", { openai: { apiKey: "sk-test", baseURL: fake.baseURL } });

const weather = { name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } };

const request: ModelRequest = {
  model: "gpt-4o",
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "Weather in Paris?" },
    { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' }] },
    { role: "tool", toolCallId: "call_1", toolName: "get_weather", content: "sunny" },
  ],
  tools: [weather],
  temperature: 0.2,
  maxTokens: 100,
};

async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("openai provider, complete", () => {
  it("maps the request to Chat Completions and the response back", async () => {
    fake.enqueue(openaiCompletion({ content: "Sunny in Paris.", usage: { prompt_tokens: 42, completion_tokens: 7 } }));
    const response = await provider().complete(request);

    expect(response).toEqual({
      content: "Sunny in Paris.",
      toolCalls: [],
      usage: { inputTokens: 42, outputTokens: 7, totalTokens: 49 },
      finishReason: "stop",
    });
    const [sent] = fake.requests;
    expect(sent?.path).toBe("/v1/chat/completions");
    expect(sent?.headers.authorization).toBe("Bearer sk-test");
    expect(sent?.body).toEqual({
      model: "gpt-4o",
      stream: false,
      temperature: 0.2,
      // a custom base URL means an OpenAI-compatible server: the classic parameter
      max_tokens: 100,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "sunny" },
      ],
      tools: [{ type: "function", function: weather }],
    });
  });

  it("returns tool calls with their finish reason", async () => {
    fake.enqueue(openaiCompletion({ toolCalls: [{ id: "call_9", name: "get_weather", arguments: '{"city":"Oslo"}' }] }));
    const response = await provider().complete(request);
    expect(response.toolCalls).toEqual([{ id: "call_9", name: "get_weather", arguments: '{"city":"Oslo"}' }]);
    expect(response.finishReason).toBe("tool_calls");
  });

  it("asks for structured output with response_format json_schema", async () => {
    fake.enqueue(openaiCompletion({ content: '{"answer":1}' }));
    const schema = { type: "object", properties: { answer: { type: "number" } }, required: ["answer"] };
    await provider().complete({ ...request, tools: [], outputSchema: { name: "answer", schema } });
    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "answer", schema } });
    expect(body).not.toHaveProperty("tools");
  });
});

describe("openai provider, stream", () => {
  it("yields text deltas and ends with the whole response and usage", async () => {
    fake.enqueue(openaiStream({ text: ["Hel", "lo"], usage: { prompt_tokens: 3, completion_tokens: 2 } }));
    const chunks = await collect(provider().stream(request));
    expect(chunks).toEqual([
      { type: "text_delta", text: "Hel" },
      { type: "text_delta", text: "lo" },
      {
        type: "done",
        response: { content: "Hello", toolCalls: [], usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 }, finishReason: "stop" },
      },
    ]);
    expect(fake.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("assembles streamed tool-call deltas of several calls", async () => {
    fake.enqueue(
      openaiStream({
        toolCalls: [
          { id: "call_a", name: "get_weather", argumentPieces: ['{"ci', 'ty":"Pa', 'ris"}'] },
          { id: "call_b", name: "get_weather", argumentPieces: ['{"city":"Rome"}'] },
        ],
      }),
    );
    const chunks = await collect(provider().stream(request));
    const deltas = chunks.filter((chunk) => chunk.type === "tool_call_delta");
    expect(deltas[0]).toEqual({ type: "tool_call_delta", index: 0, id: "call_a", name: "get_weather", argumentsDelta: undefined });
    expect(deltas.filter((delta) => delta.index === 0).map((delta) => delta.argumentsDelta ?? "").join("")).toBe('{"city":"Paris"}');
    const done = chunks.at(-1);
    expect(done).toMatchObject({
      type: "done",
      response: {
        toolCalls: [
          { id: "call_a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "call_b", name: "get_weather", arguments: '{"city":"Rome"}' },
        ],
        finishReason: "tool_calls",
      },
    });
  });

  it("maps an error status before the stream to ModelError", async () => {
    fake.enqueue(openaiError(500, { message: "boom", type: "server_error" }));
    const error = await failure(collect(provider().stream(request)));
    expect(error.reason).toBe("server");
    expect(error.retryable).toBe(true);
  });
});

describe("openai provider, errors", () => {
  it("429 is a retryable rate_limit with retry-after in ms", async () => {
    fake.enqueue(openaiError(429, { message: "Rate limit reached", type: "requests" }, { "retry-after": "2" }));
    const error = await failure(provider().complete(request));
    expect(error).toMatchObject({ reason: "rate_limit", status: 429, retryAfterMs: 2000, retryable: true });
  });

  it("500 is a retryable server error", async () => {
    fake.enqueue(openaiError(500, { message: "The server had an error", type: "server_error" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "server", status: 500, retryable: true });
  });

  it("context_length_exceeded is not retryable", async () => {
    fake.enqueue(openaiContextLengthError());
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "context_length", status: 400, retryable: false });
  });

  it("401 is auth, other 4xx bad_request", async () => {
    fake.enqueue(openaiError(401, { message: "Incorrect API key", type: "invalid_request_error" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "auth", retryable: false });
    fake.enqueue(openaiError(404, { message: "No such model", type: "invalid_request_error" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "bad_request", retryable: false });
  });

  it("a dropped connection is a network error, and the SDK does not retry it", async () => {
    fake.enqueue({ kind: "destroy" });
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "network", retryable: true });
    expect(fake.requests).toHaveLength(1);
  });

  it("the SDK itself never retries a 429", async () => {
    fake.enqueue(openaiError(429, { message: "slow down" }, { "retry-after": "0" }));
    await failure(provider().complete(request));
    expect(fake.requests).toHaveLength(1);
  });

  it("aborting rejects promptly with the signal's reason", async () => {
    fake.enqueue({ kind: "hang" });
    const controller = new AbortController();
    const pending = provider().complete({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user cancelled")), 20);
    await expect(pending).rejects.toThrow("user cancelled");
  });

  it("no API key against api.openai.com fails at call time as auth", async () => {
    const keyless = getProvider("openai:gpt-4o", { openai: {} });
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      expect(await failure(keyless.complete(request))).toMatchObject({ reason: "auth" });
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});

describe("openai provider, mid-stream failures", () => {
  it("an error payload inside the stream is a ModelError", async () => {
    fake.enqueue({ kind: "sse", events: [{ data: { error: { message: "upstream overloaded", type: "server_error" } } }] });
    expect(await failure(collect(provider().stream(request)))).toMatchObject({ reason: "server", retryable: true });
  });

  it("aborting mid-stream rejects with the signal's reason", async () => {
    fake.enqueue(openaiStream({ text: ["a", "b", "c", "d", "e"], delayMs: 40 }));
    const controller = new AbortController();
    const received: StreamChunk[] = [];
    const pending = (async () => {
      for await (const chunk of provider().stream({ ...request, signal: controller.signal })) {
        received.push(chunk);
        if (received.length === 1) controller.abort(new Error("stop streaming"));
      }
    })();
    await expect(pending).rejects.toThrow("stop streaming");
    expect(received).toHaveLength(1);
  });
});

describe("openai provider, compatible servers", () => {
  it("gives streamed tool calls without ids an id the engine can pair results with", async () => {
    const chunk = (delta: object, finish: string | null = null) => ({
      data: { id: "x", object: "chat.completion.chunk", created: 1, model: "llama3", choices: [{ index: 0, delta, finish_reason: finish }] },
    });
    fake.enqueue({
      kind: "sse",
      events: [
        chunk({ tool_calls: [{ index: 0, function: { name: "now", arguments: "{}" } }] }),
        chunk({}, "tool_calls"),
        { data: "[DONE]" },
      ],
    });
    const chunks = await collect(provider().stream(request));
    expect(chunks.at(-1)).toMatchObject({
      type: "done",
      response: { toolCalls: [{ id: "call_0", name: "now", arguments: "{}" }], usage: { totalTokens: 0 } },
    });
  });
});

describe("openai request mapping details", () => {
  it("sends max_completion_tokens to OpenAI itself, max_tokens to compatible servers", () => {
    const base = { model: "gpt-4o", messages: [], tools: [], maxTokens: 9 };
    expect(toOpenAIParams(base, true)).toMatchObject({ max_completion_tokens: 9 });
    expect(toOpenAIParams(base, false)).toMatchObject({ max_tokens: 9 });
    expect(isOfficialApi(undefined)).toBe(true);
    expect(isOfficialApi("https://api.openai.com/v1")).toBe(true);
    expect(isOfficialApi("http://localhost:11434/v1")).toBe(false);
  });

  it("never sends an assistant message with null content and no tool calls", () => {
    const params = toOpenAIParams(
      { model: "gpt-4o", messages: [{ role: "assistant", content: "", toolCalls: [] }], tools: [] },
      true,
    );
    expect(params.messages).toEqual([{ role: "assistant", content: "" }]);
  });

  it("maps the SDK's timeout and connection errors", () => {
    expect(openAIErrorToModelError(new OpenAI.APIConnectionTimeoutError(), undefined)).toMatchObject({ reason: "timeout", retryable: true });
    expect(openAIErrorToModelError(new OpenAI.APIConnectionError({ message: "ECONNRESET" }), undefined)).toMatchObject({
      reason: "network",
    });
    const reason = new Error("cancelled");
    const controller = new AbortController();
    controller.abort(reason);
    expect(openAIErrorToModelError(new OpenAI.APIUserAbortError(), controller.signal)).toBe(reason);
  });
});

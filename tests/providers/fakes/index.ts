/**
 * Fake OpenAI and Anthropic servers for tests that drive the real SDKs (or the whole
 * app) offline. Each starts on 127.0.0.1 with a random port, echoes the last user
 * message unless responses are queued, and records every request it received.
 *
 *   const openai = await startFakeOpenAI();
 *   openai.enqueue(openaiStream({ toolCalls: [{ id: "c1", name: "calculator", argumentPieces: ['{"expression":"1+1"}'] }] }));
 *   getProvider("openai:gpt-4o", { openai: { apiKey: "test", baseURL: openai.baseURL } });
 *   ...; openai.requests[0].body; await openai.close();
 */
export * from "./server";
export * from "./openai";
export * from "./anthropic";

/**
 * A scriptable HTTP server on 127.0.0.1 (random port) for driving the real SDKs in
 * tests. Queued responses are served in order; when the queue is empty the fallback
 * answers. Every request is recorded with its parsed JSON body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The JSON body, or the raw text when it is not JSON. */
  body: unknown;
};

export type SseEvent = { event?: string; data: unknown };

export type FakeResponse =
  | { kind: "json"; status?: number; headers?: Record<string, string>; body: unknown }
  | { kind: "sse"; events: SseEvent[]; /** pause before each event */ delayMs?: number }
  /** Never answers: for abort and timeout tests. */
  | { kind: "hang" }
  /** Drops the connection: a network error for the client. */
  | { kind: "destroy" };

export type FakeServer = {
  /** e.g. "http://127.0.0.1:39123" */
  url: string;
  requests: RecordedRequest[];
  enqueue(...responses: FakeResponse[]): void;
  /** Forgets recorded requests and unserved responses (between tests). */
  reset(): void;
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(response: ServerResponse, fake: FakeResponse): Promise<void> {
  switch (fake.kind) {
    case "json":
      response.writeHead(fake.status ?? 200, { "content-type": "application/json", ...fake.headers });
      response.end(JSON.stringify(fake.body));
      return;
    case "sse":
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const { event, data } of fake.events) {
        if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
        if (response.destroyed) return;
        const payload = typeof data === "string" ? data : JSON.stringify(data);
        response.write(`${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`);
      }
      response.end();
      return;
    case "hang":
      return;
    case "destroy":
      response.socket?.destroy();
      return;
  }
}

export async function startFakeServer(
  fallback: (request: RecordedRequest) => FakeResponse,
  port = 0,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeResponse[] = [];
  const server = createServer(async (req, res) => {
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers: req.headers,
      body: await readBody(req),
    };
    requests.push(recorded);
    await send(res, queue.shift() ?? fallback(recorded));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    enqueue: (...responses) => queue.push(...responses),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The text of the last user message of a chat-style request body, for echo fallbacks. */
export function lastUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
  const last = messages.findLast((message) => message.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  if (Array.isArray(last.content)) {
    return last.content
      .filter((block): block is { type: "text"; text: string } => block?.type === "text")
      .map((block) => block.text)
      .join("");
  }
  return "";
}

// The HTTP API's answers to malformed requests: the right status, a JSON body that says
// what is wrong, and no body read past its limit.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createApiToken } from "@/lib/data/apiTokens";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "../data/databases";

vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

const startRoute = await import("@/app/api/flows/[id]/runs/route");
const eventsRoute = await import("@/app/api/runs/[id]/events/route");

const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "Say hi." }\nswarm: { type: workflow, flow: a }\n';

/** A body stream of `total` bytes made on demand, counting what the server pulled. */
function countingBody(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

describe.each(testDatabases())("API request handling on $name", (database) => {
  useTestDatabase(database);
  let token: string;
  let flowId: string;
  let runId: string;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    token = (await createApiToken(local.teamId, local.userId, "ci")).token;
    flowId = (await createFlow(local.teamId, local.userId, { name: "f", document: DOCUMENT })).id;
    const db = await getDb();
    const version = await db.flowVersion.findFirstOrThrow({ where: { flowId } });
    runId = (await db.run.create({ data: { teamId: local.teamId, flowId, flowVersionId: version.id, input: "hi", status: "success", output: "hi" } })).id;
  });

  function start(body: BodyInit | null, headers: Record<string, string>): Promise<Response> {
    const request = new Request(`http://localhost/api/flows/${flowId}/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
      duplex: "half",
    } as RequestInit);
    return startRoute.POST(request, { params: Promise.resolve({ id: flowId }) });
  }

  it("answers 415 to a body that is not declared JSON", async () => {
    for (const headers of [{ "content-type": "text/plain" }, {}] as Record<string, string>[]) {
      const response = await start('{"input":"hi"}', headers);
      expect(response.status).toBe(415);
      expect((await response.json()).error).toMatch(/application\/json/);
    }
  });

  it("says the JSON is invalid instead of describing a missing object", async () => {
    const response = await start('{"input": "hi"', { "content-type": "application/json" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/not valid JSON/);
  });

  it("stops reading a body past its limit (413) without buffering it whole", async () => {
    const body = countingBody(50 * 1024 * 1024);
    const response = await start(body.stream, { "content-type": "application/json" });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThan(2 * 1024 * 1024);
    const declared = await start("{}", { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) });
    expect(declared.status).toBe(413);
  });

  it("answers GET on the run-start route with a JSON 405 and Allow", async () => {
    const response = startRoute.GET();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect((await response.json()).error).toMatch(/POST/);
  });

  it("refuses an invalid Last-Event-ID instead of replaying from the start", async () => {
    for (const value of ["abc", "-1", "1.5", "9".repeat(40)]) {
      const request = new Request(`http://localhost/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}`, "last-event-id": value } });
      const response = await eventsRoute.GET(request, { params: Promise.resolve({ id: runId }) });
      expect(response.status, value).toBe(400);
    }
    const request = new Request(`http://localhost/api/runs/${runId}/events?after=0`, { headers: { authorization: `Bearer ${token}` } });
    const response = await eventsRoute.GET(request, { params: Promise.resolve({ id: runId }) });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it("checks the caller before anything else: no token, no 415/413 hint", async () => {
    const request = new Request(`http://localhost/api/flows/${flowId}/runs`, { method: "POST", body: "x".repeat(1000), headers: { "content-type": "text/plain" } });
    const response = await startRoute.POST(request, { params: Promise.resolve({ id: flowId }) });
    expect(response.status).toBe(401);
  });
});

// The trace-export settings' Server Actions: owners save (headers sealed, only their names
// come back), an editor of the same team is refused, bad input is named, and the page's
// data never holds a header value.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { firstTeamOf } from "@/lib/data/teams";
import { getTelemetrySettings } from "@/lib/data/telemetry";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp, type TestUser } from "../auth/session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

let caller = new Headers();
vi.mock("next/headers", () => ({ headers: async () => caller, cookies: async () => ({ get: () => undefined, set: () => {} }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { saveTelemetryAction, deleteTelemetryAction } = await import("@/app/settings/telemetry/actions");

const SECRET = "settings-header-secret-77aa66bb";
const input = (fields: Record<string, unknown> = {}) => ({
  enabled: true,
  endpoint: "https://collector.example.com/v1/traces",
  protocol: "protobuf" as const,
  includeContent: false,
  headers: `authorization=Bearer ${SECRET}`,
  ...fields,
});

describe.each(testDatabases())("trace-export settings on $name", (database) => {
  useTestDatabase(database);
  let owner: TestUser;
  let editor: TestUser;
  let teamId: string;

  beforeAll(async () => {
    owner = await signUp("Owner");
    teamId = (await firstTeamOf(owner.userId))!;
    editor = await signUp("Editor");
    const db = await getDb();
    await db.member.create({ data: { id: crypto.randomUUID(), organizationId: teamId, userId: editor.userId, role: "editor", createdAt: new Date() } });
    await db.session.updateMany({ where: { userId: editor.userId }, data: { activeOrganizationId: teamId } });
  });

  it("lets an owner save; the answer and the stored row hold no header value", async () => {
    caller = owner.headers;
    const result = await saveTelemetryAction(input());
    expect(result).toMatchObject({ ok: true, data: { enabled: true, protocol: "protobuf", headerNames: ["authorization"] } });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(JSON.stringify(await getTelemetrySettings(teamId))).not.toContain(SECRET);
    const db = await getDb();
    expect(JSON.stringify(await db.teamTelemetry.findMany())).not.toContain(SECRET);
    // Omitted headers keep the stored ones; "" removes them.
    expect(await saveTelemetryAction(input({ headers: undefined, includeContent: true }))).toMatchObject({ ok: true, data: { headerNames: ["authorization"], includeContent: true } });
    expect(await saveTelemetryAction(input({ headers: "" }))).toMatchObject({ ok: true, data: { headerNames: [] } });
  });

  it("refuses an editor", async () => {
    caller = editor.headers;
    const result = await saveTelemetryAction(input({ endpoint: "https://evil.example.com/v1/traces" }));
    expect(result.ok).toBe(false);
    expect(await deleteTelemetryAction()).toMatchObject({ ok: false });
    expect((await getTelemetrySettings(teamId))?.endpoint).toBe("https://collector.example.com/v1/traces");
  });

  it("names what is wrong with the input", async () => {
    caller = owner.headers;
    for (const bad of [{ endpoint: "http://10.0.0.5/v1/traces" }, { endpoint: "not a url" }, { headers: "no equals sign" }, { headers: "content-type=text/plain" }, { protocol: "grpc" }]) {
      const result = await saveTelemetryAction(input(bad) as never);
      expect(result.ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

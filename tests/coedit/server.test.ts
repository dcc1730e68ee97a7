// The co-editing server over real WebSockets: editors converge and their draft is stored;
// viewers, share links and other teams are refused on the server; offline edits merge on
// reconnect; saving the draft credits who edited it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimLocalWorkspace } from "@/lib/auth";
import { createFlow, getFlow, getLocalWorkspace, listVersions, saveFlowVersion } from "@/lib/data";
import { loadFlowDraft } from "@/lib/data/flowDrafts";
import { createShareLink } from "@/lib/data/shareLinks";
import { getDb } from "@/lib/db/client";
import { closeNotifications } from "@/lib/runs/notifications";
import * as Y from "yjs";
import { draftVersionOf } from "@/lib/coedit/draftText";
import { draftFollowsVersion } from "@/lib/coedit/follow";
import { DRAFT_META, DRAFT_TOO_LARGE_REASON, DSL_TEXT, flowDocumentName, MAX_LIVE_DRAFT_CHARS } from "@/lib/coedit/names";
import { registerCoeditServer } from "@/lib/coedit/registry";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signIn, signUp, signUpNamed } from "../auth/session";
import { until } from "../runs/waiting";
import { connectClient, startCoeditServer, type TestClient } from "./client";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");

const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "Say hi." }\nswarm: { type: workflow, flow: a }\n';

describe.each(testDatabases())("co-editing a flow on $name", (database) => {
  useTestDatabase(database);
  let server: Awaited<ReturnType<typeof startCoeditServer>>;
  let teamId: string;
  let flowId: string;
  let ada: string;
  let vera: string;
  let bob: string;
  let shareToken: string;
  const clients: TestClient[] = [];
  const open = (options: { cookie?: string; token?: string }) => {
    const client = connectClient(server.url, flowId, options);
    clients.push(client);
    return client;
  };
  const cookieOf = (headers: Headers) => headers.get("cookie")!;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    teamId = local.teamId;
    await claimLocalWorkspace({ name: "Ada", email: "ada@example.test", password: "ada password" }, new Headers());
    ada = cookieOf(await signIn("ada@example.test", "ada password"));
    const veraUser = await signUpNamed("Vera");
    vera = cookieOf(veraUser.headers);
    bob = cookieOf((await signUp("Bob")).headers);
    const db = await getDb();
    // Vera is a viewer of Ada's team, and it is her active team.
    await db.member.create({ data: { id: `m-${veraUser.userId}`, organizationId: teamId, userId: veraUser.userId, role: "viewer", createdAt: new Date() } });
    await db.session.updateMany({ where: { userId: veraUser.userId }, data: { activeOrganizationId: teamId } });
    flowId = (await createFlow(teamId, local.userId, { name: "Shared", document: DOCUMENT })).id;
    shareToken = (await createShareLink(teamId, local.userId, flowId, { includeRuns: false })).token;
    // Notifications go to this database (an earlier database of this process was cached).
    await closeNotifications();
    server = await startCoeditServer({ debounceMs: 50 });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await server.stop();
    await closeNotifications();
  });

  it("starts two editors from the saved version and merges their concurrent edits", async () => {
    const one = open({ cookie: ada });
    const two = open({ cookie: ada });
    await Promise.all([one.synced, two.synced]);
    expect(one.text.toString()).toBe(DOCUMENT);
    expect(two.text.toString()).toBe(DOCUMENT);
    // Both type at once, at the two ends of the document.
    one.text.insert(0, "# one\n");
    two.text.insert(two.text.length, "# two\n");
    await until(() => one.text.toString() === two.text.toString() && one.text.toString().includes("# two"), "both see both edits");
    expect(one.text.toString()).toBe(`# one\n${DOCUMENT}# two\n`);
    // The draft is stored in the database (debounced).
    await until(async () => {
      const draft = await loadFlowDraft(teamId, flowId);
      return draft && stored(draft.state) === one.text.toString();
    }, "the draft is stored");
  });

  it("refuses a viewer's and a share link's updates on the server, while they still read live", async () => {
    const editor = open({ cookie: ada });
    const viewer = open({ cookie: vera });
    const guest = open({ token: shareToken });
    await Promise.all([editor.synced, viewer.synced, guest.synced]);
    const before = editor.text.toString();
    // Their browsers change their own copies: the server must not take it.
    viewer.text.insert(0, "# viewer was here\n");
    guest.text.insert(0, "# guest was here\n");
    editor.text.insert(0, "# editor\n");
    await until(() => viewer.text.toString().includes("# editor") && guest.text.toString().includes("# editor"), "viewers receive the editor's edit");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(editor.text.toString()).toBe(`# editor\n${before}`);
    const late = open({ cookie: ada });
    await late.synced;
    expect(late.text.toString()).not.toContain("was here");
    const draft = await loadFlowDraft(teamId, flowId);
    expect(stored(draft!.state)).not.toContain("was here");
  });

  it("refuses an edit that would take the draft past its size limit, and keeps the others' edits", async () => {
    const big = open({ cookie: ada });
    const other = open({ cookie: ada });
    await Promise.all([big.synced, other.synced]);
    const before = other.text.toString();
    big.text.insert(0, "x".repeat(MAX_LIVE_DRAFT_CHARS));
    await until(() => big.closeReasons.includes(DRAFT_TOO_LARGE_REASON), "the server closes the sending connection");
    other.text.insert(0, "# still live\n");
    const storedDraft = async () => stored((await loadFlowDraft(teamId, flowId))!.state);
    await until(async () => (await storedDraft()).startsWith("# still live\n"), "the other edit is stored");
    expect(other.text.toString()).toBe(`# still live\n${before}`);
    expect(await storedDraft()).toBe(`# still live\n${before}`);
    big.close();
    // The draft stays as the others left it.
    other.text.delete(0, "# still live\n".length);
    await until(async () => (await storedDraft()) === before, "the draft is back");
  });

  it("refuses another team's member and a wrong share token before loading anything", async () => {
    const outsider = open({ cookie: bob });
    const forged = open({ token: "shr_not-a-real-token" });
    expect(await outsider.refused).toBeTruthy();
    expect(await forged.refused).toBeTruthy();
    expect(outsider.text.toString()).toBe("");
    expect(forged.text.toString()).toBe("");
  });

  it("merges edits made offline when the connection comes back", async () => {
    const online = open({ cookie: ada });
    const offline = open({ cookie: ada });
    await Promise.all([online.synced, offline.synced]);
    offline.provider.disconnect();
    await until(() => offline.provider.configuration.websocketProvider.status === "disconnected", "disconnected");
    offline.text.insert(0, "# written offline\n");
    online.text.insert(online.text.length, "# written online\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(online.text.toString()).not.toContain("offline");
    offline.provider.connect();
    await until(() => online.text.toString() === offline.text.toString() && online.text.toString().includes("# written offline"), "converged after reconnect");
    expect(online.text.toString()).toMatch(/^# written offline\n[\s\S]*# written online\n$/);
  });

  it.runIf(database.name === "postgresql")("keeps two web processes behind one database in step (LISTEN/NOTIFY)", async () => {
    const other = await startCoeditServer({ debounceMs: 50 });
    try {
      const here = open({ cookie: ada });
      const there = connectClient(other.url, flowId, { cookie: ada });
      clients.push(there);
      await Promise.all([here.synced, there.synced]);
      // What the first process had not stored yet reaches the second one in reply to its hello.
      await until(() => there.text.toString() === here.text.toString(), "the second process has the first one's unstored edits");
      for (let i = 0; i < 20; i++) {
        here.text.insert(0, `# here ${i}\n`);
        there.text.insert(there.text.length, `# there ${i}\n`);
      }
      await until(() => here.text.toString() === there.text.toString() && here.text.toString().includes("# there 19") && there.text.toString().includes("# here 19"), "both processes have every edit");
      // An edit too large for one notification travels through the table.
      here.text.insert(0, `# ${"x".repeat(9_000)}\n`);
      await until(() => there.text.toString() === here.text.toString(), "the large edit arrived");
    } finally {
      for (const client of clients.splice(0)) client.close();
      await other.stop();
    }
  });

  it("keeps the draft across a server restart and credits its editors in the saved version", async () => {
    const editor = open({ cookie: ada });
    await editor.synced;
    editor.text.insert(0, "# before restart\n");
    await until(async () => stored((await loadFlowDraft(teamId, flowId))!.state).startsWith("# before restart"), "stored");
    const text = editor.text.toString();
    for (const client of clients.splice(0)) client.close();
    await server.stop();
    server = await startCoeditServer({ debounceMs: 50 });
    const again = open({ cookie: ada });
    await again.synced;
    expect(again.text.toString()).toBe(text);
    const ownerId = (await getLocalWorkspace()).userId;
    const saved = await saveFlowVersion(teamId, ownerId, flowId, { document: text, baseVersion: 1, fromSharedDraft: true });
    expect(saved.contributors.map((c) => c.name)).toEqual(["Ada"]);
    expect((await listVersions(teamId, flowId))[0]!.contributors).toEqual(saved.contributors);
    expect((await loadFlowDraft(teamId, flowId))!.contributors).toEqual([]);
  });

  it("moves the draft onto a version written past it (rename, restore, a save without the socket), open or not", async () => {
    registerCoeditServer(server.coedit);
    const ownerId = (await getLocalWorkspace()).userId;
    try {
      const editor = open({ cookie: ada });
      await editor.synced;
      const latest = (await getFlow(teamId, flowId)).latestVersion;
      // The editor's draft stands on the newest version (a live save says so) and has unsaved typing.
      editor.doc.getMap(DRAFT_META).set("version", latest.number);
      editor.text.insert(editor.text.length, "# unsaved\n");
      const document = latest.document.replace("Say hi.", "Say hello.");
      await until(() => server.coedit.hocuspocus.documents.get(flowDocumentName(flowId))?.getText(DSL_TEXT).toString().includes("# unsaved"), "the server has the typing");
      const written = await saveFlowVersion(teamId, ownerId, flowId, { document, baseVersion: latest.number });
      await draftFollowsVersion(teamId, flowId, written);
      await until(() => editor.text.toString().includes("Say hello."), "the open editor follows");
      expect(editor.text.toString()).toBe(`${document}# unsaved\n`);
      expect(draftVersionOf(editor.doc)).toBe(written.number);
      expect(stored((await loadFlowDraft(teamId, flowId))!.state)).toBe(editor.text.toString());

      // Nobody has it open: the stored draft follows, and the next editor opens on it.
      for (const client of clients.splice(0)) client.close();
      await until(() => !server.coedit.hocuspocus.documents.has(flowDocumentName(flowId)), "the document is unloaded");
      const restored = await saveFlowVersion(teamId, ownerId, flowId, { document: DOCUMENT, baseVersion: written.number, message: "Restored version 1" });
      await draftFollowsVersion(teamId, flowId, restored);
      const next = open({ cookie: ada });
      await next.synced;
      expect(next.text.toString()).toBe(`${DOCUMENT}# unsaved\n`);
      expect(draftVersionOf(next.doc)).toBe(restored.number);
    } finally {
      registerCoeditServer(undefined);
    }
  });

  it.runIf(database.name === "postgresql")("shows who is editing to people connected to another web process, and when they leave", async () => {
    const other = await startCoeditServer({ debounceMs: 50 });
    const presentAs = (client: TestClient, name: string) =>
      [...client.provider.awareness!.getStates().values()].some((state) => (state.user as { name?: string } | undefined)?.name === name);
    try {
      const here = open({ cookie: ada });
      await here.synced;
      here.provider.setAwarenessField("user", { name: "Here" });
      // Loaded later in the other process: it asks for the presence already there.
      const there = connectClient(other.url, flowId, { cookie: ada });
      clients.push(there);
      await there.synced;
      there.provider.setAwarenessField("user", { name: "There" });
      await until(() => presentAs(there, "Here"), "the other process's client sees this one");
      await until(() => presentAs(here, "There"), "this process's client sees the other one");
      here.provider.setAwarenessField("selection", ["a"]);
      await until(() => [...there.provider.awareness!.getStates().values()].some((state) => Array.isArray(state.selection) && state.selection[0] === "a"), "a selection crosses over");
      there.close();
      await until(() => !presentAs(here, "There"), "a client that left is gone from the other process too");
    } finally {
      for (const client of clients.splice(0)) client.close();
      await until(() => other.coedit.hocuspocus.documents.size === 0, "the other process stored and unloaded it");
      await other.stop();
    }
  });

  it.runIf(database.name === "postgresql")("moves a draft open in another web process onto a new version (stored, then reloaded there)", async () => {
    // Nobody has it open in this process.
    for (const client of clients.splice(0)) client.close();
    await until(() => !server.coedit.hocuspocus.documents.has(flowDocumentName(flowId)), "the document is unloaded here");
    const other = await startCoeditServer({ debounceMs: 50 });
    const ownerId = (await getLocalWorkspace()).userId;
    try {
      const there = connectClient(other.url, flowId, { cookie: ada });
      clients.push(there);
      await there.synced;
      const latest = (await getFlow(teamId, flowId)).latestVersion;
      expect(draftVersionOf(there.doc)).toBe(latest.number);
      // This process does not hold the document: the stored draft follows, and the other process reloads it.
      const document = latest.document.replace("Say hi.", "Say hi from afar.");
      const written = await saveFlowVersion(teamId, ownerId, flowId, { document, baseVersion: latest.number });
      await draftFollowsVersion(teamId, flowId, written);
      await until(() => there.text.toString().includes("Say hi from afar."), "the other process's editor follows");
      expect(draftVersionOf(there.doc)).toBe(written.number);
    } finally {
      for (const client of clients.splice(0)) client.close();
      await until(() => other.coedit.hocuspocus.documents.size === 0, "the other process stored and unloaded it");
      await other.stop();
    }
  });
});

function stored(state: Uint8Array): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc.getText(DSL_TEXT).toString();
}

// A revoked share link's page answers 410 Gone; live and unknown links go on to the page.
import { beforeAll, describe, expect, it } from "vitest";
import { revokedShareLinkResponse, shareTokenOf } from "@/app/_lib/revoked-share-link";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createShareLink, revokeShareLink } from "@/lib/data/shareLinks";
import { testDatabases, useTestDatabase } from "../data/databases";

describe("share paths", () => {
  it("finds the token of a share page only", () => {
    expect(shareTokenOf("/share/shr_abc")).toBe("shr_abc");
    expect(shareTokenOf("/share/shr_abc/")).toBe("shr_abc");
    expect(shareTokenOf("/share/shr_abc/runs/run_1")).toBe("shr_abc");
    expect(shareTokenOf("/share/shr_abc/more")).toBeNull();
    expect(shareTokenOf("/flows/x")).toBeNull();
    expect(shareTokenOf("/share/%E0%A4%A")).toBeNull(); // malformed escape
  });
});

describe.each(testDatabases())("revoked share links on $name", (database) => {
  useTestDatabase(database);
  let token: string;
  let linkId: string;
  let teamId: string;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    teamId = local.teamId;
    const flow = await createFlow(teamId, local.userId, { name: "shared", document: "swarm: { flow: a }\n" });
    const link = await createShareLink(teamId, local.userId, flow.id, { includeRuns: false });
    token = link.token;
    linkId = link.summary.id;
  });

  it("lets the page render while the link lives, then answers 410 with a page that says so", async () => {
    expect(await revokedShareLinkResponse(`/share/${token}`)).toBeNull();
    await revokeShareLink(teamId, linkId);
    const gone = await revokedShareLinkResponse(`/share/${encodeURIComponent(token)}`);
    expect(gone?.status).toBe(410);
    expect(await gone?.text()).toContain("Link revoked");
    expect(await revokedShareLinkResponse("/share/shr_unknown-token")).toBeNull(); // unknown: the page's 404
  });
});

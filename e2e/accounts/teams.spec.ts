// Teams, roles, versions and share links, end to end. It turns accounts on for the shared
// server, after which every page needs a signed-in user: playwright.config.ts runs this
// folder (the "accounts" project) after every single-user spec.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { readDsl, writeDsl } from "../editor-helpers";

const ada = { name: "Ada Owner", email: "ada@example.test", password: "ada password 1" };
const bob = { name: "Bob Teammate", email: "bob@example.test", password: "bob password 1" };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function editDocument(page: Page, transform: (text: string) => string) {
  await expect(page.getByLabel("Swarm document")).toBeVisible();
  await writeDsl(page, transform(await readDsl(page)));
}

test("two people share a team: invite, roles, history, compare, share link, revoke", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const a = await newPage(browser);

  // Single-user mode until Ada turns accounts on to invite someone; she keeps the team's flows.
  await a.goto("/settings");
  await expect(a.getByText("single-user mode").first()).toBeVisible();
  await a.getByLabel("Name").fill(ada.name);
  await a.getByLabel("Email").fill(ada.email);
  await a.getByLabel("Password").fill(ada.password);
  await a.getByRole("button", { name: "Turn on accounts" }).click();
  await expect(a.getByText(`signed in as ${ada.name}`)).toBeVisible();

  // A flow with a run (started through the HTTP API with a team token).
  await a.goto("/flows");
  await a.getByRole("button", { name: "New flow" }).click();
  await a.getByLabel("Name").fill("Team flow");
  await a.getByRole("button", { name: "Create" }).click();
  await a.waitForURL(/\/flows\/[^/]+$/);
  const flowUrl = new URL(a.url()).pathname;
  const flowId = flowUrl.split("/").pop()!;

  await a.goto("/settings/tokens");
  await a.getByLabel("Token name").fill("e2e");
  await a.getByRole("button", { name: "Create token" }).click();
  const token = await a.getByLabel("New API token").inputValue();
  expect(token).toMatch(/^sst_/);
  const started = await a.request.post(`/api/flows/${flowId}/runs`, {
    headers: { authorization: `Bearer ${token}` },
    data: { input: "hello team", model: "mock:echo" },
  });
  expect(started.status()).toBe(201);

  // Ada invites Bob as a viewer: a link she copies.
  await a.goto("/settings");
  await a.getByLabel("Email to invite").fill(bob.email);
  await a.getByLabel("Role", { exact: true }).selectOption("viewer");
  await a.getByRole("button", { name: "Create invitation link" }).click();
  const invitation = await a.getByLabel("Invitation link", { exact: true }).inputValue();

  // Bob, in his own browser, signs up from the link and joins.
  const b = await newPage(browser);
  await b.goto(invitation);
  // Signed out, the link tells nothing about the invitation: no team, inviter, email or role.
  await expect(b.getByRole("heading", { name: "You are invited" })).toBeVisible();
  await expect(b.locator("main")).not.toContainText(/My team|viewer|@/);
  await b.getByRole("link", { name: "Create an account" }).click();
  await b.getByLabel("Name").fill(bob.name);
  await b.getByLabel("Email").fill(bob.email);
  await b.getByLabel("Password").fill(bob.password);
  await b.getByRole("button", { name: "Create account" }).click();
  await expect(b.getByRole("heading", { name: "Join My team" })).toBeVisible();
  await b.getByRole("button", { name: "Accept invitation" }).click();
  await b.waitForURL(/\/flows$/);

  // As a viewer Bob sees the flow and its runs, but the server refuses his save.
  await expect(b.getByRole("link", { name: "Team flow" })).toBeVisible();
  await b.goto(`/runs?flow=${flowId}`);
  await expect(b.getByRole("table", { name: "Runs" }).getByText("hello team")).toBeVisible();
  await b.goto(flowUrl);
  await editDocument(b, (text) => `# reviewed by Bob\n${text}`);
  await b.getByRole("button", { name: "Save version" }).click();
  await expect(b.getByRole("alert").and(b.locator(".alert"))).toContainText("(viewer) does not allow you to save flows");

  // Ada makes Bob an editor; now his save goes through.
  await a.goto("/settings");
  await a.getByLabel(`Role of ${bob.name}`).selectOption("editor");
  await expect(a.getByLabel(`Role of ${bob.name}`)).toHaveValue("editor");
  await b.reload();
  await editDocument(b, (text) => text.replace(/model: "?mock:[^"\n]*"?/, 'model: "mock:reverse"'));
  await b.getByLabel("Version message").fill("Bob switches the first agent to mock:reverse");
  await b.getByRole("button", { name: "Save version" }).click();
  await expect(b.getByText(/Saved as version 2\./)).toBeVisible();

  // Ada sees Bob's version in the history and compares it with hers.
  await a.goto(`${flowUrl}/versions`);
  const history = a.getByRole("table");
  await expect(history.getByRole("row", { name: /v2.*Bob switches the first agent.*Bob Teammate/ })).toBeVisible();
  await a.getByRole("button", { name: "Compare selected versions" }).click();
  await expect(a.getByRole("heading", { name: "Team flow: version 1 → 2" })).toBeVisible();
  await expect(a.locator('[data-kind="added"]').filter({ hasText: "mock:reverse" })).toBeVisible();
  await expect(a.locator('[data-kind="removed"]').first()).toBeVisible();
  await expect(a.getByRole("listitem").filter({ hasText: "changed" }).first()).toBeVisible();
  await a.screenshot({ path: testInfo.outputPath("compare.png"), fullPage: true });

  // A share link works signed out, read-only, until it is revoked.
  await a.goto(`/settings/share-links?flow=${flowId}`);
  await a.getByRole("button", { name: "Create share link" }).click();
  const shareUrl = await a.getByLabel("Share link", { exact: true }).inputValue();
  const visitor = await newPage(browser);
  await visitor.goto(shareUrl);
  await expect(visitor.getByRole("heading", { name: /Team flow/ })).toContainText("read-only");
  await expect(visitor.getByLabel("Document")).toContainText("mock:reverse");
  await expect(visitor.getByRole("button", { name: "Save version" })).toHaveCount(0);
  await visitor.screenshot({ path: testInfo.outputPath("shared.png"), fullPage: true });

  await a.reload();
  await a.getByRole("row", { name: /Team flow/ }).getByRole("button", { name: "Revoke" }).click();
  // Revoking asks first: cancelling keeps the link working.
  await a.getByRole("dialog", { name: "Revoke this share link?" }).getByRole("button", { name: "Cancel" }).click();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: /Team flow/ })).toBeVisible();
  await a.getByRole("row", { name: /Team flow/ }).getByRole("button", { name: "Revoke" }).click();
  await a.getByRole("dialog", { name: "Revoke this share link?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(a.getByRole("row", { name: /Team flow/ }).getByText("revoked")).toBeVisible();
  const revoked = await visitor.reload();
  expect(revoked?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "Link revoked" })).toBeVisible();

  // Signed out, the app asks for an account instead of showing the team's flows; the sign-in
  // page (with accounts on) runs under the CSP without violations.
  const violations: string[] = [];
  visitor.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await visitor.goto("/flows");
  await expect(visitor).toHaveURL(/\/sign-in$/);
  await expect(visitor.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await visitor.getByLabel("Email").fill(bob.email);
  await visitor.getByLabel("Password").fill("not his password");
  await visitor.getByRole("button", { name: "Sign in" }).click();
  // The refusal comes back from the Server Action (or, when e2e/auth.spec.ts's guesses from
  // this address were under a minute ago, the rate limit's message).
  await expect(visitor.getByRole("alert").and(visitor.locator(".alert"))).toContainText(/invalid email or password|too many attempts/i);
  expect(violations).toEqual([]);
});

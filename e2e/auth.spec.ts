// Security headers in a real browser: every page is served with a nonce CSP, and the app's
// own scripts and styles (Next.js, React Flow, CodeMirror, the live timeline) run under it
// without a single violation.
import { expect, type Page, test } from "@playwright/test";
import { startRun } from "./editor-helpers";

/** Collects every CSP violation the page reports (console messages and securitypolicyviolation events). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

test("pages carry the security headers and run without CSP violations: flows, editor, run timeline", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = watchViolations(page);
  const response = await page.goto("/flows");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  expect(await page.locator("script[src]:not([nonce])").count()).toBe(0);
  // The browser hides nonce attributes from the DOM; the policy's nonce differs on the next request.
  const again = await page.request.get("/flows");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);

  // The editor: canvas (inline-positioned nodes) and the CodeMirror pane.
  await page.getByRole("link", { name: "Research, write, review", exact: true }).click();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  await expect(page.locator(".dsl-editor .cm-content")).toBeVisible();

  // A run and its live timeline (Server-Sent Events).
  await startRun(page, "headers");
  await page.getByRole("link", { name: "Open timeline" }).click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.locator(".timeline-row").first()).toBeVisible();
  await expect(page.locator('.timeline-row[data-status="running"]')).toHaveCount(0, { timeout: 30_000 });

  // Static assets get the non-CSP headers too.
  const script = await page.locator("script[src]").first().getAttribute("src");
  const asset = await page.request.get(script!);
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");

  expect(violations).toEqual([]);
});

test("a page that does not exist runs under the CSP too (no page is prerendered without a nonce)", async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  expect(response!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect(await page.locator("script[src]:not([nonce])").count()).toBe(0);
  await page.getByRole("link", { name: "Back to flows" }).click();
  await expect(page).toHaveURL(/\/flows$/);
  expect(violations).toEqual([]);
});

test("12 wrong passwords with 12 forged X-Forwarded-For addresses hit the sign-in limit", async ({ request }) => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 12; attempt++) {
    const response = await request.post("/api/auth/sign-in/email", {
      // A script, not a browser: no Origin header, a new forged address each time.
      headers: { "x-forwarded-for": `198.18.0.${attempt}` },
      data: { email: "nobody@example.test", password: `guess ${attempt}` },
    });
    statuses.push(response.status());
  }
  // The server counts them all against the connection's address (5 a minute), not 12 clients.
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual(Array(7).fill(429));
});

test("an API route answers with the security headers", async ({ request }) => {
  const response = await request.get("/api/runs/none");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

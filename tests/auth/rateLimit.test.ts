// Password guessing is limited per client address, and the sign-in form (a Server Action)
// and the HTTP API (/api/auth/*) count against the same limit.
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAction, signUpAction } from "@/app/(auth)/actions";
import { getAuth } from "@/lib/auth";
import { CREDENTIAL_RATE_LIMIT } from "@/lib/auth/server";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp } from "./session";
import { asRequest, Redirected, sessionHeaders } from "./actionRequest";

vi.mock("next/headers", async () => (await import("./actionRequest")).nextHeadersMock());
vi.mock("next/navigation", async (original) => (await import("./actionRequest")).nextNavigationMock(original));

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

/** A fresh address per test: the limiter's counters live in the process, keyed by address. */
let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

async function signInThroughHttp(address: string, email: string, password: string): Promise<number> {
  const auth = await getAuth();
  const response = await auth.handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": address },
      body: JSON.stringify({ email, password }),
    }),
  );
  return response.status;
}

describe.each(testDatabases())("rate limits on sign-in and sign-up on $name", (database) => {
  useTestDatabase(database);
  afterEach(() => vi.useRealTimers());

  it("refuses the right password after 20 wrong ones through the form, until the window has passed", async () => {
    const user = await signUp("Grace");
    const address = freshAddress();
    const answers: string[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      asRequest(address);
      const result = await signInAction({ email: user.email, password: `wrong-${attempt}` });
      answers.push(result.ok ? "ok" : result.error);
    }
    const wrong = answers.filter((answer) => /invalid email or password/i.test(answer)).length;
    const limited = answers.filter((answer) => /too many attempts/i.test(answer)).length;
    expect(wrong).toBe(CREDENTIAL_RATE_LIMIT.max);
    expect(limited).toBe(20 - CREDENTIAL_RATE_LIMIT.max);

    asRequest(address);
    const refused = await signInAction({ email: user.email, password: user.password });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/Too many attempts from your address\. Wait \d+ seconds/) });

    // Another address is not affected.
    const other = asRequest(freshAddress());
    await expect(signInAction({ email: user.email, password: user.password, next: "/flows" })).rejects.toThrow(Redirected);
    expect(other.cookies.size).toBeGreaterThan(0);

    // Once the window has passed, the right password works again and the form's session is real.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (CREDENTIAL_RATE_LIMIT.window + 1) * 1000 });
    const request = asRequest(address);
    await expect(signInAction({ email: user.email, password: user.password })).rejects.toThrow(new Redirected("/flows"));
    const session = await (await getAuth()).api.getSession({ headers: sessionHeaders(request) });
    expect(session?.user.id).toBe(user.userId);
  });

  it("shares one limit between the HTTP API and the form", async () => {
    const user = await signUp("Hopper");
    const address = freshAddress();
    for (let attempt = 0; attempt < CREDENTIAL_RATE_LIMIT.max; attempt++) {
      expect(await signInThroughHttp(address, user.email, "wrong password")).toBe(401);
    }
    asRequest(address);
    expect(await signInAction({ email: user.email, password: user.password })).toMatchObject({ ok: false, error: expect.stringMatching(/Too many attempts/) });

    const second = freshAddress();
    for (let attempt = 0; attempt < CREDENTIAL_RATE_LIMIT.max; attempt++) {
      asRequest(second);
      expect(await signInAction({ email: user.email, password: "wrong password" })).toMatchObject({ ok: false });
    }
    expect(await signInThroughHttp(second, user.email, user.password)).toBe(429);
  });

  it("limits sign-ups from one address the same way", async () => {
    const address = freshAddress();
    const answers: string[] = [];
    for (let attempt = 0; attempt <= CREDENTIAL_RATE_LIMIT.max; attempt++) {
      asRequest(address);
      try {
        const result = await signUpAction({ name: "Spammer", email: `spam-${attempt}-${address}@example.test`, password: "password123" });
        answers.push(result.ok ? "ok" : result.error);
      } catch (error) {
        if (!(error instanceof Redirected)) throw error;
        answers.push("created");
      }
    }
    expect(answers.slice(0, CREDENTIAL_RATE_LIMIT.max)).toEqual(Array(CREDENTIAL_RATE_LIMIT.max).fill("created"));
    expect(answers.at(-1)).toMatch(/Too many attempts/);
  });
});

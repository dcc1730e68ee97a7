import { describe, expect, it } from "vitest";
import { redactSecrets } from "@/lib/redact";

describe("redactSecrets", () => {
  it.each([
    ["401 Unauthorized: request had Authorization: Bearer sk-proj-abcdefghijklmnopqrstuvwx", "sk-proj-abcdefghijklmnopqrstuvwx"],
    ['{"headers":{"authorization":"Bearer abc.def.ghi-jkl"}}', "abc.def.ghi-jkl"],
    ["x-api-key: sk-ant-api03-0123456789abcdef0123", "sk-ant-api03-0123456789abcdef0123"],
    ["invalid key sk-0123456789abcdefghijklmn supplied", "sk-0123456789abcdefghijklmn"],
    ["token sst_0123456789abcdef0123456789 revoked", "sst_0123456789abcdef0123456789"],
    ["GET https://user:hunter2pass@example.com/v1 failed", "hunter2pass"],
    ["GET https://example.com/v1?api_key=abc123secret&x=1 failed", "abc123secret"],
    ["proxy said Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA=="],
  ])("removes the credential from %j", (text, secret) => {
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain("[redacted]");
  });

  it("removes known secrets exactly, whatever their shape", () => {
    expect(redactSecrets("the server echoed my-custom-key-987654 back", ["my-custom-key-987654"])).toBe("the server echoed [redacted] back");
  });

  it("leaves ordinary text alone", () => {
    const text = "Agent \"writer\": model call failed after 3 attempts: rate limited (429), retry after 2 s";
    expect(redactSecrets(text, ["short"])).toBe(text);
  });
});

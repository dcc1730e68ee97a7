import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSecretKey, MissingSecretKeyError, open, seal } from "@/lib/crypto";

describe("AES-256-GCM sealing", () => {
  const key = Buffer.alloc(32, 1);

  it("round-trips, with a fresh IV each time", () => {
    const [a, b] = [seal("sk-secret", key), seal("sk-secret", key)];
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.ciphertext).not.toContain("sk-secret");
    expect(open(a, key)).toBe("sk-secret");
  });

  it("refuses a wrong key or altered ciphertext", () => {
    const sealed = seal("sk-secret", key);
    expect(() => open(sealed, Buffer.alloc(32, 2))).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, "base64");
    bytes[0]! ^= 1;
    expect(() => open({ ...sealed, ciphertext: bytes.toString("base64") }, key)).toThrow();
  });
});

describe("the server key", () => {
  const file = () => path.join(mkdtempSync(path.join(tmpdir(), "swarm-key-")), "secret.key");

  it("reads SWARM_SECRET_KEY as base64 or hex and rejects other lengths", () => {
    expect(loadSecretKey({ SWARM_SECRET_KEY: Buffer.alloc(32, 3).toString("base64") }, file())).toEqual(Buffer.alloc(32, 3));
    expect(loadSecretKey({ SWARM_SECRET_KEY: "ab".repeat(32) }, file())).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadSecretKey({ SWARM_SECRET_KEY: "short" }, file())).toThrow();
  });

  it("generates data/secret.key once when no key is required", () => {
    const keyFile = file();
    const first = loadSecretKey({ NODE_ENV: "production" }, keyFile);
    expect(loadSecretKey({}, keyFile)).toEqual(first);
    expect(readFileSync(keyFile, "utf8").trim()).toBe(first.toString("base64"));
  });

  it("refuses to start without the variable when required", () => {
    expect(() => loadSecretKey({ SWARM_REQUIRE_SECRET_KEY: "1" }, file())).toThrow(MissingSecretKeyError);
    expect(() => loadSecretKey({ NODE_ENV: "production", SWARM_REQUIRE_ACCOUNTS: "1" }, file())).toThrow(MissingSecretKeyError);
  });
});

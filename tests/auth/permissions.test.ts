import { describe, expect, it } from "vitest";
import { can } from "@/lib/auth/permissions";

describe("what each role may do", () => {
  it("lets viewers read only: no save, no run, no sharing", () => {
    expect(can("viewer", "flow", "read")).toBe(true);
    for (const action of ["create", "update", "run", "delete"] as const) expect(can("viewer", "flow", action)).toBe(false);
    expect(can("viewer", "shareLink", "create")).toBe(false);
    expect(can("viewer", "invitation", "create")).toBe(false);
    expect(can("viewer", "dataset", "read")).toBe(true);
    expect(can("viewer", "dataset", "write")).toBe(false);
    expect(can("viewer", "tool", "read")).toBe(true);
    expect(can("viewer", "tool", "write")).toBe(false);
  });

  it("lets editors edit, run and share, but not delete or manage the team and its secrets", () => {
    for (const action of ["read", "create", "update", "run"] as const) expect(can("editor", "flow", action)).toBe(true);
    expect(can("editor", "shareLink", "create")).toBe(true);
    expect(can("editor", "dataset", "write")).toBe(true);
    expect(can("editor", "tool", "write")).toBe(true);
    expect(can("editor", "flow", "delete")).toBe(false);
    expect(can("editor", "credential", "manage")).toBe(false);
    expect(can("editor", "apiToken", "manage")).toBe(false);
    expect(can("editor", "telemetry", "manage")).toBe(false);
    expect(can("editor", "member", "update")).toBe(false);
  });

  it("lets owners do everything", () => {
    expect(can("owner", "flow", "delete")).toBe(true);
    expect(can("owner", "tool", "write")).toBe(true);
    expect(can("owner", "credential", "manage")).toBe(true);
    expect(can("owner", "apiToken", "manage")).toBe(true);
    expect(can("owner", "telemetry", "manage")).toBe(true);
    expect(can("owner", "member", "update")).toBe(true);
    expect(can("owner", "invitation", "create")).toBe(true);
    expect(can("owner", "dataset", "write")).toBe(true);
  });
});

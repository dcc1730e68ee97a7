import { describe, expect, it } from "vitest";
import { resolveModel } from "@/app/flows/[id]/editor/nodes/agent/model";
import { DEFAULT_MODEL } from "@/lib/engine/agent";

describe("the model an agent node shows", () => {
  it("resolves a reference to the document's vars", () => {
    expect(resolveModel("${vars.default_model}", { default_model: "mock:echo?latency=600" })).toBe("mock:echo?latency=600");
  });

  it("keeps an unknown reference and an environment reference as written", () => {
    expect(resolveModel("${vars.missing}", {})).toBe("${vars.missing}");
    expect(resolveModel("${MODEL}", { MODEL: "not env" })).toBe("${MODEL}");
  });

  it("shows the runtime's default when the agent names no model", () => {
    expect(resolveModel(undefined, undefined)).toBe(DEFAULT_MODEL);
  });
});

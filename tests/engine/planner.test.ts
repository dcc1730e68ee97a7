import { describe, expect, it } from "vitest";
import { nextAction, toolCallSignature, type Message } from "@/lib/engine";

const call = { id: "1", name: "add", arguments: '{"a":1}' };

describe("nextAction", () => {
  it("is done on an empty history", () => {
    expect(nextAction([])).toEqual({ type: "done" });
  });

  it("calls the model after a system, user or tool message", () => {
    const histories: Message[][] = [
      [{ role: "system", content: "s" }],
      [{ role: "user", content: "u" }],
      [{ role: "tool", toolCallId: "1", toolName: "add", content: "2" }],
    ];
    for (const history of histories) expect(nextAction(history)).toEqual({ type: "call_model" });
  });

  it("executes the tool calls of a last assistant message", () => {
    expect(nextAction([{ role: "assistant", content: "", toolCalls: [call] }])).toEqual({
      type: "execute_tools",
      toolCalls: [call],
    });
  });

  it("completes on assistant text without tool calls", () => {
    expect(
      nextAction([
        { role: "user", content: "u" },
        { role: "assistant", content: "fin", toolCalls: [] },
      ]),
    ).toEqual({
      type: "complete",
      output: "fin",
    });
  });
});

describe("toolCallSignature", () => {
  it("ignores the order of the calls and includes their arguments", () => {
    const b = { id: "2", name: "mul", arguments: "{}" };
    expect(toolCallSignature([call, b])).toBe(toolCallSignature([b, call]));
    expect(toolCallSignature([call])).not.toBe(toolCallSignature([{ ...call, arguments: '{"a":2}' }]));
  });
});

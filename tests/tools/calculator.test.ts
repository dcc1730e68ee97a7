import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ToolError } from "@/lib/engine";
import { calculatorTool } from "@/lib/tools";
import { ArithmeticError, evaluateArithmetic, formatNumber } from "@/lib/tools/arithmetic";
import { toolContext } from "./context";

describe("evaluateArithmetic", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["10 / 4", 2.5],
    ["10 % 4", 2],
    ["2 ^ 3 ^ 2", 512], // right-associative
    ["-2 ^ 2", -4], // ^ binds tighter than unary minus
    ["2 ^ -1", 0.5],
    ["--3", 3],
    ["-(2 + 3) * +2", -10],
    [".5 + 1.25", 1.75],
    ["1e3 + 2.5E-1", 1000.25],
    ["sqrt(16) + abs(-3)", 7],
    ["round(2.567, 2)", 2.57],
    ["round(2.5)", 3],
    ["min(4, 2, 8) + max(1, 9)", 11],
    ["floor(2.7) + ceil(2.1)", 5],
    ["PI", Math.PI],
    ["2 * pi", 2 * Math.PI],
    ["ln(e)", 1],
    ["log10(1000)", 3],
    ["  7  ", 7],
  ])("%s = %d", (expression, expected) => {
    expect(evaluateArithmetic(expression)).toBeCloseTo(expected, 12);
  });

  it.each([
    ["", /empty/],
    ["1 +", /ends too early/],
    ["(1 + 2", /expected "\)"/],
    ["1 + 2)", /unexpected "\)" at position 6/],
    ["2 3", /unexpected "3"/],
    ["1 / 0", /division by zero/],
    ["5 % (2 - 2)", /modulo by zero/],
    ["sqrt(-1)", /not a finite number/],
    ["9 ^ 9 ^ 9", /not a finite number/],
    ["process.exit(1)", /unexpected character "\."/],
    ["process", /unknown name "process"/],
    ["constructor", /unknown name/],
    ["__proto__", /unknown name/],
    ["alert`1`", /unexpected character "`"/],
    ["2 ** 3", /unexpected "\*"/],
    ["sqrt(1, 2)", /sqrt\(\) takes 1 argument/],
    ["min()", /min\(\) takes at least 1/],
    ["sqrt 4", /expected "\("/],
    ["round(1.5, 0.5)", /digits/],
    ["1.2.3", /unexpected/],
    ["x".repeat(1001), /longer than 1000/],
    ["(".repeat(200) + "1" + ")".repeat(200), /nests deeper/],
    ["-".repeat(200) + "1", /nests deeper/],
  ])("rejects %j", (expression, message) => {
    expect(() => evaluateArithmetic(expression)).toThrow(ArithmeticError);
    expect(() => evaluateArithmetic(expression)).toThrow(message);
  });

  it("agrees with JavaScript on random sums and products of integers", () => {
    const term = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(term, term, term, (a, b, c) => {
        const expression = `${a} + ${b} * (${c} - ${a})`;
        expect(evaluateArithmetic(expression)).toBe(a + b * (c - a));
      }),
    );
  });

  it("formats without binary noise and keeps integers exact", () => {
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
    expect(formatNumber(2 ** 53 - 1)).toBe("9007199254740991");
    expect(formatNumber(1 / 3)).toBe("0.333333333333333");
  });
});

describe("calculator tool", () => {
  it("returns the formatted result", async () => {
    expect(await calculatorTool.execute({ expression: "0.1 + 0.2" }, toolContext())).toBe("0.3");
  });

  it("throws ToolError for bad expressions so the model can correct itself", () => {
    expect(() => calculatorTool.execute({ expression: "1/0" }, toolContext())).toThrow(ToolError);
    expect(() => calculatorTool.execute({ expression: "1/0" }, toolContext())).toThrow("calculator: division by zero");
  });

  it("rejects bad arguments before execute", () => {
    expect(calculatorTool.argsSchema.safeParse({}).success).toBe(false);
    expect(calculatorTool.argsSchema.safeParse({ expression: "" }).success).toBe(false);
    expect(calculatorTool.argsSchema.safeParse({ expression: 42 }).success).toBe(false);
    expect(calculatorTool.parameters).toMatchObject({ type: "object", required: ["expression"] });
  });
});

import { z } from "zod";
import { tool, ToolError } from "@/lib/engine";
import { ArithmeticError, evaluateArithmetic, formatNumber, MAX_EXPRESSION_LENGTH } from "./arithmetic";

export const CalculatorArgs = z.object({
  expression: z
    .string()
    .min(1)
    .max(MAX_EXPRESSION_LENGTH)
    .describe("An arithmetic expression, e.g. (2 + 3) * 4 ^ 2 / sqrt(16)"),
});

export const calculatorTool = tool({
  name: "calculator",
  description:
    "Evaluates arithmetic: + - * / % ^, parentheses, decimals, constants pi and e, and the functions " +
    "sqrt, abs, round(x[, digits]), floor, ceil, min, max, ln, log10, exp, sin, cos, tan. Returns the number.",
  parameters: CalculatorArgs,
  execute({ expression }) {
    try {
      return formatNumber(evaluateArithmetic(expression));
    } catch (error) {
      if (error instanceof ArithmeticError) throw new ToolError(`calculator: ${error.message}`);
      throw error;
    }
  },
});

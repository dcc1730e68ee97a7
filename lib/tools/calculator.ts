import { tool, ToolError } from "@/lib/engine";
import { ArithmeticError, evaluateArithmetic, formatNumber } from "./arithmetic";
import { calculatorSpec } from "./specs";

export const calculatorTool = tool({
  ...calculatorSpec,
  execute({ expression }) {
    try {
      return formatNumber(evaluateArithmetic(expression));
    } catch (error) {
      if (error instanceof ArithmeticError) throw new ToolError(`calculator: ${error.message}`);
      throw error;
    }
  },
});

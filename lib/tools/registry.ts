/** The built-in tools by name, ready to give an agent. Server-only: http_fetch opens sockets. */
import type { AnyTool } from "@/lib/engine";
import { askHumanTool } from "./askHuman";
import { calculatorTool } from "./calculator";
import { currentTimeTool } from "./currentTime";
import { createHttpFetchTool } from "./httpFetch";
import { jsonExtractTool } from "./jsonExtract";

const BY_NAME: ReadonlyMap<string, AnyTool> = new Map(
  [calculatorTool, currentTimeTool, createHttpFetchTool(), jsonExtractTool, askHumanTool].map((builtIn) => [builtIn.name, builtIn]),
);

/** The built-in tool with that name, or undefined. */
export function getTool(name: string): AnyTool | undefined {
  return BY_NAME.get(name);
}

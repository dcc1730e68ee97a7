/**
 * ask_human: the run pauses (`waiting`) until a person on the team answers; the answer is
 * this call's result. The tool only asks — the engine pauses the run, the runs service
 * records the answer as the call's checkpoint and continues the run (lib/runs/answers.ts).
 */
import { HumanInputRequest, tool } from "@/lib/engine";
import { askHumanSpec } from "./specs";

export const askHumanTool = tool({
  ...askHumanSpec,
  execute: ({ question, choices }) => {
    throw new HumanInputRequest(question, choices);
  },
});

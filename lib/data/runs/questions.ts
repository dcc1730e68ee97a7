// The questions a waiting run asks (its ask_human calls and approval gates that wait for an answer), and
// recording an answer as the call's checkpoint: the run's next execution replays it.
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { askHumanSpec } from "@/lib/tools/specs";
import { Id, parseInput } from "../validation.ts";
import { encodePayload } from "./payloads.ts";
import { insertCheckpoint } from "./execution.ts";
import { findTeamRun } from "./runs.ts";
import { RunQuestion } from "./types.ts";

export const ASK_HUMAN_TOOL = askHumanSpec.name;

const Asked = z.object({ question: z.string(), choices: z.array(z.string()).optional() });

/** A run's questions still waiting for an answer, in the order they were asked. */
export async function listOpenQuestions(teamId: string, runId: string): Promise<RunQuestion[]> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  const rows = await db.runNode.findMany({
    where: { runId: run.id, status: "waiting", OR: [{ kind: "tool_call", name: ASK_HUMAN_TOOL }, { kind: "approval" }] },
    orderBy: { seq: "asc" },
    select: { id: true, input: true, startedAt: true },
  });
  return rows.flatMap((row) => {
    let asked: z.infer<typeof Asked>;
    try {
      asked = Asked.parse(JSON.parse(row.input ?? ""));
    } catch {
      return []; // arguments the tool itself refused never made a question
    }
    return [RunQuestion.parse({ nodeId: row.id, question: asked.question, choices: asked.choices ?? null, askedAt: row.startedAt?.getTime() ?? null })];
  });
}

/** Stores a person's answer as the ask_human call's result (the first answer stays). */
export async function saveAnswer(runId: string, nodeId: string, answer: { text: string; by: string | null; at: number }): Promise<void> {
  await insertCheckpoint(runId, nodeId, encodePayload({ kind: "tool", content: answer.text, error: false, answeredBy: answer.by, answeredAt: answer.at }));
}

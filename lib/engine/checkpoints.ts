/**
 * Checkpoints make a run a deterministic program over recorded steps (docs/architecture.md,
 * "Where runs are going"): every model call and tool call is recorded under its node id
 * (a position, the same in every execution of the run), and a later execution of the same
 * run returns the recorded result instead of calling again. What happens between steps is
 * plain code over those results, so a run that stopped anywhere continues from its last
 * recorded step: after a crash on another worker, or when resumed.
 *
 * The engine only reads and writes through this interface; where checkpoints are kept
 * (the runs' database tables) is the caller's business.
 */
import { z } from "zod";
import { ToolCall, Usage } from "./messages";

const Attempt = z.object({ startedAt: z.number(), endedAt: z.number(), error: z.string().optional() });

export const ModelCheckpoint = z.object({
  kind: z.literal("model"),
  response: z.object({
    content: z.string(),
    toolCalls: z.array(ToolCall),
    usage: Usage,
    finishReason: z.enum(["stop", "tool_calls", "length", "content_filter", "error"]),
  }),
  /** The call's tries, when it needed more than one. */
  attempts: z.array(Attempt).optional(),
  /** Recorded by this run's parent: a fork reuses it (no call, no cost in this run). */
  reusedFrom: z.string().optional(),
});

export const ToolCheckpoint = z.object({
  kind: z.literal("tool"),
  /** What the tool returned, as the model saw it. */
  content: z.string(),
  /** True when the content is an error the model was told about. */
  error: z.boolean(),
  /** A person's answer (ask_human, an approval): who (null for an API token) and when, epoch ms. */
  answeredBy: z.string().nullable().optional(),
  answeredAt: z.number().optional(),
  reusedFrom: z.string().optional(),
});

/** A recorded step: what the node at that position returned. */
export const Checkpoint = z.discriminatedUnion("kind", [ModelCheckpoint, ToolCheckpoint]);
export type Checkpoint = z.infer<typeof Checkpoint>;
export type ModelCheckpoint = z.infer<typeof ModelCheckpoint>;
export type ToolCheckpoint = z.infer<typeof ToolCheckpoint>;

export interface StepCheckpoints {
  /** The step recorded at `nodeId` by an earlier execution of this run. */
  recorded(nodeId: string): Checkpoint | undefined;
  /**
   * When an earlier execution started the step at `nodeId` and stopped before it was
   * recorded (its process died mid-call): when that try started, in epoch ms.
   */
  interruptedAt?(nodeId: string): number | undefined;
  /** Records a finished step; the run goes on only once it is stored. */
  record(nodeId: string, checkpoint: Checkpoint): Promise<void>;
}

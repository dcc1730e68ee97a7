"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DatasetName } from "@/lib/data/datasets";
import { Id } from "@/lib/data/validation";
import { DatasetError } from "@/lib/evals/errors";
import { changeDataset, importDataset, MAX_DATASET_TEXT_CHARS, removeDataset } from "@/lib/evaluations/datasets";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

const Format = z.enum(["jsonl", "csv"]);
const Text = z.string().max(MAX_DATASET_TEXT_CHARS, "The text is larger than 5 MiB");

/** A failed import answers with every problem (each naming its line); the browser keeps the text. */
type DatasetResult<T> = ActionResult<T> | { ok: false; error: string; problems: string[] };

function failure(error: unknown): DatasetResult<never> {
  if (error instanceof DatasetError) return { ok: false, error: `The rows cannot be read: ${error.problems.length} problem${error.problems.length === 1 ? "" : "s"}`, problems: error.problems };
  return fromError(error);
}

const ImportInput = z.object({ name: DatasetName, text: Text, format: Format });

export async function importDatasetAction(input: z.input<typeof ImportInput>): Promise<DatasetResult<{ id: string; rows: number }>> {
  const parsed = ImportInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const created = await importDataset(await currentWorkspace(), parsed.data);
    revalidatePath("/datasets");
    return ok(created);
  } catch (error) {
    return failure(error);
  }
}

const Row = z.object({
  input: z.string().min(1, "The input is empty").max(100_000),
  /** Read as JSON when it parses as an object or array (a structured input). */
  json: z.boolean().default(false),
  expected: z.string().max(100_000).optional(),
  tags: z.array(z.string().min(1).max(100)).max(50).optional(),
});

const ChangeInput = z.object({
  datasetId: Id,
  baseVersion: z.number().int().positive(),
  change: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("append"), text: Text, format: Format }),
    z.object({ kind: z.literal("replace"), text: Text, format: Format }),
    z.object({ kind: z.literal("add"), row: Row }),
    z.object({ kind: z.literal("remove"), index: z.number().int().min(0) }),
    z.object({ kind: z.literal("rename"), name: DatasetName }),
  ]),
});

/** One change of a dataset's rows (or name), stored as its next version. */
export async function changeDatasetAction(input: z.input<typeof ChangeInput>): Promise<DatasetResult<{ version: number }>> {
  const parsed = ChangeInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { datasetId, baseVersion, change } = parsed.data;
  try {
    const workspace = await currentWorkspace();
    let result;
    if (change.kind === "add") {
      const { input: text, json, expected, tags } = change.row;
      let value: unknown = text;
      if (json) {
        try {
          value = JSON.parse(text);
        } catch (error) {
          return { ok: false, error: "The input is not valid JSON", problems: [`input: ${(error as Error).message}`] };
        }
      }
      const row = { input: value as string, ...(expected ? { expected } : {}), ...(tags?.length ? { tags } : {}) };
      result = await changeDataset(workspace, datasetId, baseVersion, { kind: "add", row });
    } else {
      result = await changeDataset(workspace, datasetId, baseVersion, change);
    }
    revalidatePath(`/datasets/${datasetId}`);
    return ok(result);
  } catch (error) {
    return failure(error);
  }
}

const DeleteInput = z.object({ datasetId: Id });

export async function deleteDatasetAction(input: z.input<typeof DeleteInput>): Promise<ActionResult<null>> {
  const parsed = DeleteInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await removeDataset(await currentWorkspace(), parsed.data.datasetId);
    revalidatePath("/datasets");
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

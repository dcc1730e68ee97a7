"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MAX_DOCUMENT_BYTES, MAX_MESSAGE_LENGTH } from "@/lib/data/limits";
import { FlowName } from "@/lib/data/flowSchemas";
import { Id } from "@/lib/data/validation";
import * as flows from "@/lib/flows";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

// Characters, not bytes: the service measures bytes; this bound only stops absurd payloads early.
const DocumentText = z.string().max(MAX_DOCUMENT_BYTES * 4, "The document is larger than 1 MiB.");

const CreateFlowInput = z.object({ name: FlowName.optional(), templateId: z.string().max(100).default("blank") });

export async function createFlowAction(input: z.input<typeof CreateFlowInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = CreateFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const flow = await flows.createFromTemplate(await currentWorkspace(), parsed.data);
    revalidatePath("/flows");
    return ok(flow);
  } catch (error) {
    return fromError(error);
  }
}

const ImportFlowInput = z.object({ fileName: z.string().max(255), document: DocumentText });

export async function importFlowAction(input: z.input<typeof ImportFlowInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = ImportFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { fileName, document } = parsed.data;
  try {
    const flow = await flows.createFromDocument(await currentWorkspace(), {
      document,
      fallbackName: fileName.replace(/\.(ya?ml)$/i, "").trim() || "Imported flow",
      what: `${fileName} is not a valid swarm document: it`,
    });
    revalidatePath("/flows");
    return ok(flow);
  } catch (error) {
    return fromError(error);
  }
}

const SaveAsNewFlowInput = z.object({ name: FlowName, document: DocumentText });

/** The editor's "save as a new flow": the draft becomes a flow of its own. */
export async function saveAsNewFlowAction(input: z.input<typeof SaveAsNewFlowInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = SaveAsNewFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const flow = await flows.createFromDocument(await currentWorkspace(), { document: parsed.data.document, fallbackName: parsed.data.name });
    revalidatePath("/flows");
    return ok(flow);
  } catch (error) {
    return fromError(error);
  }
}

const RenameFlowInput = z.object({ flowId: Id, name: FlowName });

/** Renames a flow: a new version whose document says the new name. */
export async function renameFlowAction(input: z.input<typeof RenameFlowInput>): Promise<ActionResult<{ name: string; version: number }>> {
  const parsed = RenameFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const renamed = await flows.rename(await currentWorkspace(), parsed.data.flowId, parsed.data.name);
    revalidatePath("/flows");
    revalidatePath(`/flows/${parsed.data.flowId}`);
    return ok(renamed);
  } catch (error) {
    return fromError(error);
  }
}

const DeleteFlowInput = z.object({ flowId: Id });

export async function deleteFlowAction(input: z.input<typeof DeleteFlowInput>): Promise<ActionResult<null>> {
  const parsed = DeleteFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await flows.remove(await currentWorkspace(), parsed.data.flowId);
    revalidatePath("/flows");
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

const SaveFlowInput = z.object({
  flowId: Id,
  document: DocumentText,
  baseVersion: z.number().int().positive(),
  message: z.string().trim().max(MAX_MESSAGE_LENGTH).optional(),
  /** The document is the live shared draft: the version credits its contributors. */
  fromSharedDraft: z.boolean().optional(),
});

export async function saveFlowAction(input: z.input<typeof SaveFlowInput>): Promise<ActionResult<{ version: number }>> {
  const parsed = SaveFlowInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { flowId, ...save } = parsed.data;
  try {
    const saved = await flows.save(await currentWorkspace(), flowId, save);
    revalidatePath("/flows");
    revalidatePath(`/flows/${flowId}`);
    return ok(saved);
  } catch (error) {
    return fromError(error);
  }
}

// zod schemas of the flow repository's inputs.
import { z } from "zod";
import { MAX_DESCRIPTION_LENGTH, MAX_DOCUMENT_BYTES, MAX_MESSAGE_LENGTH, MAX_NAME_LENGTH, utf8ByteLength } from "./limits.ts";

export const FlowName = z
  .string()
  .trim()
  .min(1, "A flow needs a name")
  .max(MAX_NAME_LENGTH, `A name has at most ${MAX_NAME_LENGTH} characters`);

/** The swarm document as text; its content is validated by the DSL, not here. */
export const FlowDocument = z
  .string()
  .refine((text) => utf8ByteLength(text) <= MAX_DOCUMENT_BYTES, { message: "The document is larger than 1 MiB." });

export const FlowDescription = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);

export const VersionMessage = z
  .string()
  .trim()
  .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`);

export const VersionNumber = z.number().int().min(1);

/** A stored version to run: a saved one (1, 2…) or a draft snapshot (-1, -2…). */
export const VersionRef = z.number().int().refine((number) => number !== 0, "There is no version 0");

export const CreateFlowInput = z.object({
  name: FlowName,
  document: FlowDocument,
  description: FlowDescription.default(""),
});
export type CreateFlowInput = z.input<typeof CreateFlowInput>;

export const SaveFlowVersionInput = z.object({
  document: FlowDocument,
  message: VersionMessage.default(""),
  baseVersion: VersionNumber,
  /** The flow's name and description from this document (omitted: kept as they are). */
  name: FlowName.optional(),
  description: FlowDescription.optional(),
  /** The document is the flow's shared draft: the version credits the draft's contributors. */
  fromSharedDraft: z.boolean().default(false),
});
export type SaveFlowVersionInput = z.input<typeof SaveFlowVersionInput>;

export const DraftSnapshotInput = z.object({
  document: FlowDocument,
  /** The saved version the draft was edited from. */
  baseVersion: VersionNumber,
});
export type DraftSnapshotInput = z.input<typeof DraftSnapshotInput>;

export const DemoFlowInput = z.object({
  name: FlowName,
  description: FlowDescription,
  document: FlowDocument,
});
export type DemoFlowInput = z.input<typeof DemoFlowInput>;

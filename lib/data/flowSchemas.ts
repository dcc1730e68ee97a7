// zod schemas of the flow repository's inputs.
import { z } from "zod";

export const MAX_DOCUMENT_BYTES = 1024 * 1024;
export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_MESSAGE_LENGTH = 500;

export const FlowName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`);

/** The swarm document as text; its content is validated by the DSL, not here. */
export const FlowDocument = z
  .string()
  .refine((text) => Buffer.byteLength(text, "utf8") <= MAX_DOCUMENT_BYTES, {
    message: `Document is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB`,
  });

export const FlowDescription = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);

export const VersionMessage = z
  .string()
  .trim()
  .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`);

export const VersionNumber = z.number().int().min(1);

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
});
export type SaveFlowVersionInput = z.input<typeof SaveFlowVersionInput>;

export const DemoFlowInput = z.object({
  name: FlowName,
  description: FlowDescription,
  document: FlowDocument,
});
export type DemoFlowInput = z.input<typeof DemoFlowInput>;

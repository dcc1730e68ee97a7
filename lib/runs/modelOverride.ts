/** The optional model that replaces every agent's model for one run, checked before the run starts. */
import { z } from "zod";
import { getProvider } from "@/lib/providers";

export const ModelOverride = z
  .string()
  .trim()
  .max(500)
  .regex(/^[a-z][a-z0-9-]*:\S/, 'Write a model as "provider:model", e.g. mock:echo or openai:gpt-4o-mini')
  .superRefine((model, context) => {
    try {
      getProvider(model); // resolving needs no secret; it rejects unknown providers and bad mock: specs
    } catch (error) {
      context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
    }
  });

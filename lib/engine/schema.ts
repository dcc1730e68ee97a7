/**
 * Conversions between the two schema dialects the engine accepts (zod and JSON Schema):
 * providers get JSON Schema, validation runs through zod.
 */
import { z } from "zod";
import type { SchemaLike } from "./model";

export type JsonSchema = Record<string, unknown>;

export function isZodSchema(schema: SchemaLike): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/**
 * JSON Schema for a provider; the `$schema` dialect marker is dropped (some APIs reject
 * it). `io: "input"` describes what zod accepts rather than what it returns: fields with
 * defaults, like optional ones, are not `required` (a tool's arguments, which the model
 * sends and zod then completes).
 */
export function toJsonSchema(schema: SchemaLike, io: "input" | "output" = "output"): JsonSchema {
  if (!isZodSchema(schema)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

/** A zod validator for either dialect (JSON Schema through zod's own converter). */
export function toZodSchema(schema: SchemaLike): z.ZodType {
  return isZodSchema(schema) ? schema : z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
}

/**
 * Sends spans to one OTLP/HTTP endpoint (http/json or http/protobuf) with the OpenTelemetry
 * exporter's own HTTP delegate and serializers. Not `OTLPTraceExporter`: it merges the
 * process's OTEL_EXPORTER_OTLP_*_HEADERS into every request, which would hand the
 * operator's own collector credentials to every team's endpoint; here the configuration
 * is complete and nothing comes from the environment. Connections go through the endpoint
 * policy's lookup. The delegate retries what OTLP calls retryable (429, 502–504) within
 * `timeoutMs`. A failure rejects with an ExportFailure whose message never holds a header value.
 */
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { createOtlpHttpExportDelegate } from "@opentelemetry/otlp-exporter-base/node-http";
import { JsonTraceSerializer, ProtobufTraceSerializer, TraceExporterMetricsHelper } from "@opentelemetry/otlp-transformer";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { SystemError } from "@/lib/errors";
import { redactSecrets } from "@/lib/redact";
import { otlpLookup, createAddressPolicy, parseEndpoint } from "./endpoint";
import { headerSecrets } from "./headers";

export type OtlpProtocol = "json" | "protobuf";

export type OtlpTarget = {
  /** The traces URL, e.g. https://collector.example.com/v1/traces. */
  url: string;
  headers: Record<string, string>;
  protocol: OtlpProtocol;
  /** Private ranges this endpoint may reach (the operator's allow-list). */
  allowedCidrs?: readonly string[];
  timeoutMs?: number;
};

export class ExportFailure extends SystemError {
  override readonly name = "ExportFailure";
}

export interface OtlpSender {
  send(spans: ReadableSpan[]): Promise<void>;
  shutdown(): Promise<void>;
}

const MAX_ERROR_CHARS = 500;

export function createOtlpSender(target: OtlpTarget): OtlpSender {
  const policy = createAddressPolicy(target.allowedCidrs ?? []);
  const url = parseEndpoint(target.url, policy);
  const lookup = otlpLookup(policy);
  const secrets = headerSecrets(target.headers);
  const headers = { ...target.headers, "content-type": target.protocol === "protobuf" ? "application/x-protobuf" : "application/json" };
  const config = {
    url: url.href,
    headers: async () => headers,
    timeoutMillis: target.timeoutMs ?? 10_000,
    concurrencyLimit: 4,
    compression: "none" as const,
    // A fresh agent per sender, pinned to addresses the policy allows.
    agentFactory: (protocol: string) => (protocol === "https:" ? new HttpsAgent({ keepAlive: true, lookup }) : new HttpAgent({ keepAlive: true, lookup })),
  };
  const serializer = target.protocol === "protobuf" ? ProtobufTraceSerializer : JsonTraceSerializer;
  // No self-observability meter (the last two arguments): nothing here is recorded as metrics.
  const exporter = createOtlpHttpExportDelegate(config, serializer, "swarm_studio_otlp_span_exporter", TraceExporterMetricsHelper, undefined);
  const clean = (text: string) => redactSecrets(text, secrets).slice(0, MAX_ERROR_CHARS);
  return {
    send(spans) {
      if (spans.length === 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        exporter.export(spans, (result) => {
          // ExportResultCode.SUCCESS is 0 (@opentelemetry/core).
          if (result.code === 0) resolve();
          else reject(new ExportFailure(clean(describe(result.error))));
        });
      });
    },
    shutdown: () => exporter.shutdown(),
  };
}

function describe(error: unknown): string {
  if (!error) return "The collector did not accept the spans";
  const { message, code, data } = error as { message?: string; code?: number; data?: string };
  const status = typeof code === "number" ? ` (HTTP ${code})` : "";
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  return `${message || "Export failed"}${status}${cause ? `: ${cause}` : ""}${data ? ` — ${String(data).slice(0, 200)}` : ""}`;
}

/** The OTLP/JSON body of these spans (ExportTraceServiceRequest), for a download. */
export function otlpJson(spans: ReadableSpan[]): Uint8Array {
  return JsonTraceSerializer.serializeRequest(spans) ?? new Uint8Array();
}

// Runs as OpenTelemetry traces (GenAI semantic conventions); no Next.js, database or app imports.
export { ERROR_TYPE, GEN_AI, GenAiOperation, SWARM } from "./attributes";
export { otlpLookup, createAddressPolicy, otlpAllowedCidrsFromEnv, parseEndpoint, TelemetryEndpointError } from "./endpoint";
export { createOtlpSender, ExportFailure, otlpJson, type OtlpProtocol, type OtlpSender, type OtlpTarget } from "./exporter";
export { ExportQueue, type ExportQueueOptions } from "./exportQueue";
export { headerSecrets, parseOtlpHeaders, TelemetryHeadersError } from "./headers";
export { toGenAiMessages, type GenAiMessage } from "./messages";
export { defaultResource, isEnded, spanIdOf, spanOf, spansOf, splitModel, traceIdOf, type SpanOptions, type TraceNode } from "./spans";

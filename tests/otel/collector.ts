/**
 * An OTLP/HTTP trace collector of the tests' own on 127.0.0.1: it decodes what it receives
 * (OTLP JSON, or protobuf with a wire-format reader written here, independent of the
 * exporter's encoder) into one flat span shape, keeps every raw body for secret checks,
 * and can be told to answer with an error status.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type CollectedValue = string | number | boolean | CollectedValue[] | null;

export type CollectedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's enum: 1 internal, 2 server, 3 client. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, CollectedValue>;
  status: { code: number; message: string };
  resource: Record<string, CollectedValue>;
  scope: string;
};

export type CollectedRequest = { path: string; headers: IncomingHttpHeaders; contentType: string; body: Buffer };

export type Collector = {
  url: string;
  requests: CollectedRequest[];
  spans(): CollectedSpan[];
  /** Every request after this answers `status` (e.g. 500), or never ("hang"); null to accept again. */
  failWith(status: number | "hang" | null): void;
  close(): Promise<void>;
};

export async function startCollector(): Promise<Collector> {
  const requests: CollectedRequest[] = [];
  let failure: number | "hang" | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const contentType = String(request.headers["content-type"] ?? "");
      requests.push({ path: request.url ?? "", headers: request.headers, contentType, body: Buffer.concat(chunks) });
      if (failure === "hang") return;
      if (failure !== null) {
        response.writeHead(failure, { "content-type": "text/plain" }).end("collector says no");
        return;
      }
      response.writeHead(200, { "content-type": contentType.includes("json") ? "application/json" : "application/x-protobuf" }).end(contentType.includes("json") ? "{}" : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    requests,
    spans: () => requests.flatMap(decodeRequest),
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function decodeRequest(request: Pick<CollectedRequest, "contentType" | "body">): CollectedSpan[] {
  return request.contentType.includes("json") ? decodeJson(JSON.parse(request.body.toString("utf8"))) : decodeProtobuf(request.body);
}

// ---- OTLP JSON ----

type JsonAnyValue = { stringValue?: string; boolValue?: boolean; intValue?: number | string; doubleValue?: number; arrayValue?: { values?: JsonAnyValue[] } };
type JsonKeyValue = { key: string; value: JsonAnyValue };

function jsonValue(value: JsonAnyValue): CollectedValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(jsonValue);
  return null;
}

const jsonAttributes = (list: JsonKeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, jsonValue(kv.value)]));

export function decodeJson(body: {
  resourceSpans?: { resource?: { attributes?: JsonKeyValue[] }; scopeSpans?: { scope?: { name?: string }; spans?: Record<string, unknown>[] }[] }[];
}): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((rs) =>
    (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((span) => ({
        traceId: String(span.traceId),
        spanId: String(span.spanId),
        parentSpanId: String(span.parentSpanId ?? ""),
        name: String(span.name),
        kind: Number(span.kind),
        startNs: BigInt(span.startTimeUnixNano as string),
        endNs: BigInt(span.endTimeUnixNano as string),
        attributes: jsonAttributes(span.attributes as JsonKeyValue[]),
        status: { code: Number((span.status as { code?: number })?.code ?? 0), message: String((span.status as { message?: string })?.message ?? "") },
        resource: jsonAttributes(rs.resource?.attributes),
        scope: ss.scope?.name ?? "",
      })),
    ),
  );
}

// ---- OTLP protobuf (opentelemetry/proto/collector/trace/v1 ExportTraceServiceRequest) ----

type Field = { number: number; wire: number; varint?: bigint; bytes?: Buffer; fixed?: bigint };

function readFields(buffer: Buffer): Field[] {
  const fields: Field[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[pos++];
      if (byte === undefined) throw new Error("truncated varint");
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (pos < buffer.length) {
    const tag = Number(varint());
    const field: Field = { number: tag >>> 3, wire: tag & 7 };
    if (field.wire === 0) field.varint = varint();
    else if (field.wire === 1) {
      field.fixed = buffer.readBigUInt64LE(pos);
      pos += 8;
    } else if (field.wire === 2) {
      const length = Number(varint());
      field.bytes = buffer.subarray(pos, pos + length);
      pos += length;
    } else if (field.wire === 5) {
      field.fixed = BigInt(buffer.readUInt32LE(pos));
      pos += 4;
    } else throw new Error(`unsupported wire type ${field.wire}`);
    fields.push(field);
  }
  return fields;
}

const messages = (fields: Field[], number: number) => fields.filter((f) => f.number === number && f.bytes).map((f) => readFields(f.bytes!));
const text = (fields: Field[], number: number) => fields.find((f) => f.number === number)?.bytes?.toString("utf8") ?? "";
const hex = (fields: Field[], number: number) => fields.find((f) => f.number === number)?.bytes?.toString("hex") ?? "";

function protoValue(fields: Field[]): CollectedValue {
  for (const field of fields) {
    if (field.number === 1) return field.bytes!.toString("utf8");
    if (field.number === 2) return field.varint === 1n;
    if (field.number === 3) return Number(BigInt.asIntN(64, field.varint!));
    if (field.number === 4) {
      const buffer = Buffer.alloc(8);
      buffer.writeBigUInt64LE(field.fixed!);
      return buffer.readDoubleLE(0);
    }
    if (field.number === 5) return messages(readFields(field.bytes!), 1).map(protoValue);
  }
  return null;
}

const protoAttributes = (fields: Field[], number: number) =>
  Object.fromEntries(messages(fields, number).map((kv) => [text(kv, 1), protoValue(messages(kv, 2)[0] ?? [])]));

export function decodeProtobuf(body: Buffer): CollectedSpan[] {
  return messages(readFields(body), 1).flatMap((rs) => {
    const resource = protoAttributes(messages(rs, 1)[0] ?? [], 1);
    return messages(rs, 2).flatMap((ss) => {
      const scope = text(messages(ss, 1)[0] ?? [], 1);
      return messages(ss, 2).map((span) => {
        const status = messages(span, 15)[0] ?? [];
        return {
          traceId: hex(span, 1),
          spanId: hex(span, 2),
          parentSpanId: hex(span, 4),
          name: text(span, 5),
          kind: Number(span.find((f) => f.number === 6)?.varint ?? 0n),
          startNs: span.find((f) => f.number === 7)?.fixed ?? 0n,
          endNs: span.find((f) => f.number === 8)?.fixed ?? 0n,
          attributes: protoAttributes(span, 9),
          status: { code: Number(status.find((f) => f.number === 3)?.varint ?? 0n), message: text(status, 2) },
          resource,
          scope,
        };
      });
    });
  });
}

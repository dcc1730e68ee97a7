/**
 * The command line for people who live in a terminal:
 *   npm run swarm -- check <file.yaml>                 every error with its position
 *   npm run swarm -- run <file.yaml> --input "..."     run headless, events as they happen
 *     [--otlp <url>] [--otlp-protocol json|protobuf] [--otlp-header name=value]... [--otlp-content]
 *                                                      then send the run's trace to an OTLP/HTTP collector
 *                                                      (headers also from OTEL_EXPORTER_OTLP_HEADERS)
 * `${ENV}` references resolve from this process's environment (only here, never in the app).
 * Exit codes: 0 success, 1 the run failed, 2 the document or the command line is wrong.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildSwarm, parseDocument, type DocumentError, type FlowDocument } from "@/lib/dsl";
import { run, runStateOf, type RunState, type StreamEvent } from "@/lib/engine";
import { createOtlpSender, parseOtlpHeaders, spansOf, type OtlpProtocol } from "@/lib/otel";
import { providerKeys } from "@/lib/providers/config";
import { redactSecrets } from "@/lib/redact";
import { toNodeRow } from "@/lib/runs/nodeRows";
import { toolCatalog } from "@/lib/tools/catalog";

const USAGE = `usage:
  npm run swarm -- check <file.yaml>
  npm run swarm -- run <file.yaml> --input "..." [--otlp <url>] [--otlp-protocol json|protobuf] [--otlp-header name=value]... [--otlp-content]`;

type OtlpOptions = { url: string; protocol: OtlpProtocol; headers: Record<string, string>; content: boolean };

const EXIT = { ok: 0, runFailed: 1, badInput: 2 } as const;

function formatError(file: string, error: DocumentError): string {
  return `${file}:${error.line}:${error.column}: ${error.message}${error.path ? `  [${error.path}]` : ""}`;
}

/** Reads and validates a document; prints its errors and returns undefined when it has any. */
function load(file: string): FlowDocument | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    return undefined;
  }
  const { document, errors } = parseDocument(text, { env: process.env, tools: toolCatalog.map((t) => t.name) });
  for (const error of errors) console.error(formatError(file, error));
  if (errors.length > 0) console.error(`${errors.length} error${errors.length === 1 ? "" : "s"} in ${file}`);
  return document;
}

function check(file: string): number {
  const document = load(file);
  if (!document) return EXIT.badInput;
  const counts = [
    `${Object.keys(document.agents).length} agents`,
    `${Object.keys(document.groups ?? {}).length} groups`,
    `${Object.keys(document.swarms ?? {}).length} nested swarms`,
  ];
  console.log(`${file}: ok (${counts.join(", ")})`);
  return EXIT.ok;
}

const STATUS_MARK: Record<string, string> = { running: "▶", success: "✓", failed: "✗", timeout: "⏱", cancelled: "■" };
const SHOWN_KINDS = new Set(["swarm", "stage", "group", "agent"]);
const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Prints stream events readably: statuses, streamed text per agent, tool calls and results. */
function eventPrinter(out: NodeJS.WriteStream) {
  let textFrom: string | undefined;
  const line = (text: string) => {
    if (textFrom !== undefined) out.write("\n");
    textFrom = undefined;
    out.write(`${text}\n`);
  };
  return (event: StreamEvent) => {
    switch (event.type) {
      case "status":
        if (SHOWN_KINDS.has(event.kind) && STATUS_MARK[event.status]) line(`${STATUS_MARK[event.status]} ${event.kind} ${event.name} ${event.status}`);
        break;
      case "text":
        if (textFrom !== event.agentName) {
          if (textFrom !== undefined) out.write("\n");
          out.write(`  ${event.agentName}> `);
          textFrom = event.agentName;
        }
        out.write(event.text);
        break;
      case "tool_call":
        line(`  → ${event.agentName} calls ${event.toolCall.name}(${clip(event.toolCall.arguments)})`);
        break;
      case "tool_result":
        line(`  ← ${event.toolName}${event.error ? " (error)" : ""}: ${clip(event.content.replace(/\s+/g, " "))}`);
        break;
      case "error":
        line(`✗ ${event.agentName}: ${event.error.name}: ${event.error.message}`);
        break;
      case "done":
        line(`\n=== output ===\n${event.output}\n=== ${event.steps} model calls, ${event.usage.inputTokens} input + ${event.usage.outputTokens} output tokens ===`);
        break;
      case "step":
      case "usage":
        break;
    }
  };
}

/**
 * Sends the run's tree as one trace. The CLI runs where its user chose, so the endpoint may be
 * local (a collector on this machine): only http(s), no credentials in the URL.
 */
async function exportTrace(state: RunState, flowName: string, otlp: OtlpOptions): Promise<boolean> {
  // The environment's provider keys and the OTLP headers never go into a span.
  const secrets = [...providerKeys({}), ...Object.values(otlp.headers)];
  const redact = (text: string) => redactSecrets(text, secrets);
  const rows = [...state.nodes.values()].map((node, seq) => toNodeRow(node, seq, redact));
  const sender = createOtlpSender({ url: otlp.url, protocol: otlp.protocol, headers: otlp.headers, allowedCidrs: ["0.0.0.0/0", "::/0"] });
  try {
    await sender.send(spansOf(rows, { runId: state.rootId ?? "run", flowName, content: otlp.content, redact }));
    console.log(`trace sent to ${otlp.url}: ${rows.length} spans`);
    return true;
  } catch (error) {
    console.error(`could not send the trace to ${otlp.url}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    await sender.shutdown();
  }
}

async function runFile(file: string, input: string, otlp?: OtlpOptions): Promise<number> {
  const document = load(file);
  if (!document) return EXIT.badInput;
  let swarm;
  try {
    swarm = buildSwarm(document, { env: process.env });
  } catch (error) {
    // BuildError (unknown tool, unset reference) or the engine refusing the configuration.
    console.error(`${file}: cannot build: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.badInput;
  }
  const print = eventPrinter(process.stdout);
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const stream = run.stream(swarm, input, { signal: controller.signal });
  let exit: number = EXIT.ok;
  let state: RunState | undefined;
  try {
    for await (const event of stream) print(event);
    state = (await stream.result).state;
  } catch (error) {
    console.error(`run failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    state = runStateOf(error);
    exit = EXIT.runFailed;
  }
  // A failed export is reported, and does not change how the run went.
  if (otlp && state) await exportTrace(state, document.name ?? file, otlp);
  return exit;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        input: { type: "string", short: "i" },
        otlp: { type: "string" },
        "otlp-protocol": { type: "string", default: "json" },
        "otlp-header": { type: "string", multiple: true, default: [] },
        "otlp-content": { type: "boolean", default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return EXIT.badInput;
  }
  const [command, file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0 || (command !== "check" && command !== "run")) {
    console.error(USAGE);
    return EXIT.badInput;
  }
  if (command === "check") return check(file);
  if (parsed.values.input === undefined) {
    console.error(`run needs --input "..."\n${USAGE}`);
    return EXIT.badInput;
  }
  let otlp: OtlpOptions | undefined;
  if (parsed.values.otlp !== undefined) {
    const protocol = parsed.values["otlp-protocol"];
    if (protocol !== "json" && protocol !== "protobuf") {
      console.error(`--otlp-protocol is json or protobuf\n${USAGE}`);
      return EXIT.badInput;
    }
    try {
      const headers = { ...parseOtlpHeaders(process.env.OTEL_EXPORTER_OTLP_HEADERS ?? ""), ...parseOtlpHeaders(parsed.values["otlp-header"].join("\n")) };
      otlp = { url: parsed.values.otlp, protocol, headers, content: parsed.values["otlp-content"] };
    } catch (error) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return EXIT.badInput;
    }
  }
  return runFile(file, parsed.values.input, otlp);
}

process.exitCode = await main(process.argv.slice(2));

/**
 * The command line for people who live in a terminal:
 *   npm run swarm -- check <file.yaml>                 every error with its position
 *   npm run swarm -- run <file.yaml> --input "..."     run headless, events as they happen
 *     [--otlp <url>] [--otlp-protocol json|protobuf] [--otlp-header name=value]... [--otlp-content]
 *                                                      then send the run's trace to an OTLP/HTTP collector
 *                                                      (headers also from OTEL_EXPORTER_OTLP_HEADERS)
 *   npm run swarm -- eval <file.yaml> --dataset <rows.jsonl|rows.csv> [--scorer …]… [--baseline <other.yaml>]
 *                     [--min-pass 0.9] [--concurrency 5] [--rubric "..."]
 *                                                      run the flow over the rows, score, compare, gate CI
 * `${ENV}` references resolve from this process's environment (only here, never in the app).
 * Exit codes: 0 success, 1 the run failed (eval: the pass rate is below --min-pass or the
 * baseline's), 2 the document, the dataset or the command line is wrong.
 */
import { readFileSync } from "node:fs";
import { stderr } from "node:process";
import { parseArgs } from "node:util";
import { buildSwarm, isMcpToolSpec, parseDocument, type DocumentError, type FlowDocument } from "@/lib/dsl";
import { run, runStateOf, type RunState, type StreamEvent } from "@/lib/engine";
import {
  compareEvaluations,
  evaluate,
  formatComparison,
  formatEvaluation,
  formatOfFile,
  parseDataset,
  parseScorer,
  SCORER_SPELLINGS,
  type DatasetRow,
  type Evaluation,
  type Scorer,
} from "@/lib/evals";
import { isUserError } from "@/lib/errors";
import { createOtlpSender, parseOtlpHeaders, spansOf, type OtlpProtocol } from "@/lib/otel";
import { providerKeys } from "@/lib/providers/config";
import { redactSecrets } from "@/lib/redact";
import { toNodeRow } from "@/lib/runs/nodeRows";
import { toolCatalog } from "@/lib/tools/catalog";
import { McpConnections, mcpToolFactory, readMcpConfigFile, type AvailableMcpServer, type McpServerTarget } from "@/lib/tools/mcp";
import { closeSandbox } from "@/lib/tools/sandbox";

const USAGE = `usage:
  npm run swarm -- check <file.yaml> [--mcp <servers.json>]
  npm run swarm -- run <file.yaml> --input "..." [--mcp <servers.json>] [--otlp <url>] [--otlp-protocol json|protobuf] [--otlp-header name=value]... [--otlp-content]
  npm run swarm -- eval <file.yaml> --dataset <rows.jsonl|rows.csv> [--mcp <servers.json>] [--scorer <scorer>]... [--rubric "..."]
                        [--baseline <other.yaml>] [--min-pass 0.9] [--concurrency 5]
      scorers: ${SCORER_SPELLINGS} (default: contains)
      servers.json: {"mcpServers": {"name": {"url": "https://…/mcp", "headers": {…}} | {"command": "…", "args": […]}}}`;

type OtlpOptions = { url: string; protocol: OtlpProtocol; headers: Record<string, string>; content: boolean };

const EXIT = { ok: 0, runFailed: 1, badInput: 2 } as const;

function formatError(file: string, error: DocumentError): string {
  return `${file}:${error.line}:${error.column}: ${error.message}${error.path ? `  [${error.path}]` : ""}`;
}

/** A file's text, or undefined (and why on stderr) when it cannot be read. */
function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    return undefined;
  }
}

/** The MCP servers of `--mcp <file>` (none without it). */
let mcpServers = new Map<string, McpServerTarget>();

/** Reads and validates a document; prints its errors and returns undefined when it has any. */
function load(file: string): FlowDocument | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  const servers = new Map([...mcpServers.keys()].map((name) => [name, undefined]));
  const { document, errors } = parseDocument(text, { env: process.env, tools: toolCatalog.map((t) => t.name), mcpServers: servers });
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

/** Lists the tools of the servers the document binds, for `buildSwarm`'s MCP factory. */
async function mcpToolsFor(document: FlowDocument) {
  const names = new Set(Object.values(document.tools ?? {}).filter(isMcpToolSpec).map((binding) => binding.mcp.server));
  const available = new Map<string, AvailableMcpServer>();
  for (const name of names) {
    const target = mcpServers.get(name)!;
    available.set(name, { target, tools: await cliMcpConnections().listTools(target, { timeoutMs: 30_000 }) });
  }
  return mcpToolFactory(available, cliMcpConnections());
}

// The CLI runs where its user chose: the servers in their own file may be local.
let connections: McpConnections | undefined;
const cliMcpConnections = () => (connections ??= new McpConnections({ allowedCidrs: ["0.0.0.0/0", "::/0"] }));

async function runFile(file: string, input: string, otlp?: OtlpOptions): Promise<number> {
  const document = load(file);
  if (!document) return EXIT.badInput;
  let swarm;
  try {
    swarm = buildSwarm(document, { env: process.env, mcpTool: await mcpToolsFor(document) });
  } catch (error) {
    // BuildError (unknown tool, unset reference), an MCP server that cannot be listed, or the engine refusing the configuration.
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

type EvalArgs = { dataset?: string; scorer?: string[]; rubric?: string; baseline?: string; "min-pass"?: string; concurrency?: string };

function readRows(file: string): DatasetRow[] | undefined {
  const format = formatOfFile(file);
  if (!format) {
    console.error(`${file}: a dataset is a .jsonl or .csv file`);
    return undefined;
  }
  const text = readText(file);
  if (text === undefined) return undefined;
  const { rows, problems } = parseDataset(text, format);
  for (const problem of problems) console.error(`${file}: ${problem}`);
  return rows;
}

function fraction(name: string, text: string | undefined, fallback: number, check: (value: number) => boolean): number | undefined {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !check(value)) {
    console.error(`--${name} ${text}: not allowed\n${USAGE}`);
    return undefined;
  }
  return value;
}

/** Builds the flow and runs it over the rows, with a progress line on stderr. */
async function evaluateFile(label: string, document: FlowDocument, rows: DatasetRow[], scorers: Scorer[], concurrency: number, signal: AbortSignal): Promise<Evaluation> {
  const progress = stderr.isTTY ? (finished: number) => stderr.write(`\r${label}: ${finished}/${rows.length} rows`) : () => {};
  const build = { env: process.env, mcpTool: await mcpToolsFor(document) };
  const evaluation = await evaluate({ document, rows, scorers, concurrency, signal, build, onRow: (_row, finished) => progress(finished) });
  if (stderr.isTTY) stderr.write("\n");
  return evaluation;
}

async function evalFile(file: string, args: EvalArgs): Promise<number> {
  if (!args.dataset) {
    console.error(`eval needs --dataset <rows.jsonl|rows.csv>\n${USAGE}`);
    return EXIT.badInput;
  }
  const minPass = fraction("min-pass", args["min-pass"], 0, (value) => value >= 0 && value <= 1);
  const concurrency = fraction("concurrency", args.concurrency, 5, (value) => Number.isInteger(value) && value >= 1 && value <= 1000);
  if (minPass === undefined || concurrency === undefined) return EXIT.badInput;
  let scorers: Scorer[];
  try {
    scorers = (args.scorer?.length ? args.scorer : ["contains"]).map((spelling) => parseScorer(spelling, { rubric: args.rubric }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return EXIT.badInput;
  }
  const rows = readRows(args.dataset);
  const candidate = load(file);
  const baseline = args.baseline === undefined ? undefined : load(args.baseline);
  if (!rows || !candidate || (args.baseline !== undefined && !baseline)) return EXIT.badInput;

  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  let mine: Evaluation;
  let theirs: Evaluation | undefined;
  try {
    theirs = baseline && (await evaluateFile(args.baseline!, baseline, rows, scorers, concurrency, controller.signal));
    mine = await evaluateFile(file, candidate, rows, scorers, concurrency, controller.signal);
  } catch (error) {
    // BuildError (unknown tool, unset reference) or the engine refusing the configuration.
    console.error(`cannot evaluate: ${error instanceof Error ? error.message : String(error)}`);
    return isUserError(error) ? EXIT.badInput : EXIT.runFailed;
  }
  if (mine.cancelled || theirs?.cancelled) {
    console.error("cancelled");
    return EXIT.runFailed;
  }

  console.log(theirs ? formatComparison(compareEvaluations(mine, theirs)) : formatEvaluation(mine));
  const failures: string[] = [];
  const rate = (value: number) => `${(value * 100).toFixed(1)}%`;
  if (mine.aggregate.passRate < minPass) failures.push(`the pass rate ${rate(mine.aggregate.passRate)} is below --min-pass ${rate(minPass)}`);
  if (theirs && mine.aggregate.passRate < theirs.aggregate.passRate) failures.push(`the pass rate ${rate(mine.aggregate.passRate)} is worse than the baseline's ${rate(theirs.aggregate.passRate)}`);
  for (const failure of failures) console.log(`FAIL: ${failure}`);
  if (failures.length === 0) console.log(`PASS: ${rate(mine.aggregate.passRate)} of ${mine.aggregate.rows} rows passed`);
  return failures.length ? EXIT.runFailed : EXIT.ok;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        input: { type: "string", short: "i" },
        dataset: { type: "string", short: "d" },
        scorer: { type: "string", short: "s", multiple: true },
        rubric: { type: "string" },
        baseline: { type: "string", short: "b" },
        "min-pass": { type: "string" },
        concurrency: { type: "string", short: "c" },
        otlp: { type: "string" },
        "otlp-protocol": { type: "string", default: "json" },
        "otlp-header": { type: "string", multiple: true, default: [] },
        "otlp-content": { type: "boolean", default: false },
        mcp: { type: "string" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return EXIT.badInput;
  }
  const [command, file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0 || (command !== "check" && command !== "run" && command !== "eval")) {
    console.error(USAGE);
    return EXIT.badInput;
  }
  if (parsed.values.mcp !== undefined) {
    try {
      mcpServers = readMcpConfigFile(parsed.values.mcp);
    } catch (error) {
      console.error(`--mcp: ${(error as Error).message}`);
      return EXIT.badInput;
    }
  }
  if (command === "check") return check(file);
  if (command === "eval") {
    try {
      return await evalFile(file, parsed.values);
    } finally {
      // Sandbox threads (code scorers) and MCP connections would keep the process alive.
      await Promise.all([closeSandbox(), connections?.close()]);
    }
  }
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
  try {
    return await runFile(file, parsed.values.input, otlp);
  } finally {
    await Promise.all([closeSandbox(), connections?.close()]);
  }
}

process.exitCode = await main(process.argv.slice(2));

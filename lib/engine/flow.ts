/**
 * Orbiter's flow strings: names joined by `>>`, where a stage may be a parallel set
 * `(a | b | c)`. Whitespace, including newlines, is free between tokens.
 *
 *   flow   := stage (">>" stage)*
 *   stage  := NAME | "(" NAME ("|" NAME)* ")"
 *
 * The runtime's grammar (Orbiter's `Swarm(flow=...)` parses it; so does `Swarm` here):
 * lib/dsl reads flows in documents with it. Pure, so the editor may import it too.
 */
import { FlowError, type SourcePosition } from "./errors";

/** A name as written in a flow, with where it stands. */
export type FlowRef = SourcePosition & { name: string };

export type ParsedFlow = {
  /** One entry per stage; a stage with several names runs them in parallel. */
  stages: string[][];
  /** Every name in order of appearance, with its position in the flow text. */
  refs: FlowRef[];
};

export type ParseFlowOptions = {
  /** When given, a name outside this set is an error. */
  names?: ReadonlySet<string>;
};

export const FLOW_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

type TokenKind = "name" | "chain" | "open" | "close" | "bar" | "end";
type Token = SourcePosition & { kind: TokenKind; text: string };

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_-]/;

function describe(token: Token): string {
  return token.kind === "end" ? "the end of the flow" : `'${token.text}'`;
}

function fail(message: string, token: Token): never {
  throw new FlowError(message, { ...token, token: token.text });
}

/** Splits a flow into tokens; a character that starts no token is an error here. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const at = (offset: number): SourcePosition => ({ offset, line, column: offset - lineStart + 1 });
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\n") {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = at(i);
    if (NAME_START.test(ch)) {
      let j = i + 1;
      while (j < text.length && NAME_PART.test(text[j]!)) j++;
      // "a->b": the name pattern allows "-", so a name swallows the "-" of "->".
      if (text[j - 1] === "-" && text[j] === ">") j--;
      tokens.push({ ...start, kind: "name", text: text.slice(i, j) });
      i = j;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === ">>") {
      tokens.push({ ...start, kind: "chain", text: two });
      i += 2;
      continue;
    }
    if (two === "->" || two === "=>" || ch === "→") {
      fail(`'${ch === "→" ? ch : two}' is not a flow operator: stages are chained with '>>', as in "a >> b"`, {
        ...start,
        kind: "end",
        text: ch === "→" ? ch : two,
      });
    }
    if (ch === ">") {
      fail(`a single '>' is not a flow operator: stages are chained with '>>'`, { ...start, kind: "end", text: ch });
    }
    const single: Partial<Record<string, TokenKind>> = { "(": "open", ")": "close", "|": "bar" };
    const kind = single[ch];
    if (!kind) {
      const hint = ch === "," ? ": members of a parallel stage are separated with '|', as in (a | b)" : "";
      fail(`unexpected character '${ch}'${hint}`, { ...start, kind: "end", text: ch });
    }
    tokens.push({ ...start, kind, text: ch });
    i++;
  }
  tokens.push({ ...at(i), kind: "end", text: "" });
  return tokens;
}

/** Parses a flow string; throws `FlowError` with line, column and token on the first error. */
export function parseFlow(text: string, options: ParseFlowOptions = {}): ParsedFlow {
  const tokens = tokenize(text);
  let index = 0;
  const next = () => tokens[index++]!;
  const stages: string[][] = [];
  const refs: FlowRef[] = [];
  const seen = new Map<string, FlowRef>();

  const takeName = (token: Token): string => {
    const { kind, text: name, ...position } = token;
    const earlier = seen.get(name);
    if (earlier) {
      fail(`'${name}' appears twice in the flow (first at line ${earlier.line}, column ${earlier.column}); a name may be placed once`, token);
    }
    if (options.names && !options.names.has(name)) fail(`unknown name '${name}'`, token);
    const ref = { ...position, name };
    seen.set(name, ref);
    refs.push(ref);
    return name;
  };

  const parseParallel = (open: Token): string[] => {
    const members: string[] = [];
    for (;;) {
      const token = next();
      if (token.kind === "name") members.push(takeName(token));
      else if (token.kind === "open") fail("nested parentheses are not allowed: a parallel stage holds names only", token);
      else if (token.kind === "bar" || token.kind === "close") fail(`empty member in the parallel stage before ${describe(token)}`, token);
      else if (token.kind === "end") fail(`unclosed '(' opened at line ${open.line}, column ${open.column}`, token);
      else fail(`expected a name inside the parallel stage, found ${describe(token)}`, token);
      const after = next();
      if (after.kind === "close") return members;
      if (after.kind === "bar") continue;
      if (after.kind === "end") fail(`unclosed '(' opened at line ${open.line}, column ${open.column}`, after);
      if (after.kind === "chain") fail("'>>' inside a parallel stage: close the stage with ')' first", after);
      fail(`expected '|' or ')' in the parallel stage, found ${describe(after)}`, after);
    }
  };

  const parseStage = (): string[] => {
    const token = next();
    if (token.kind === "name") return [takeName(token)];
    if (token.kind === "open") return parseParallel(token);
    if (token.kind === "end") {
      fail(stages.length === 0 ? "the flow is empty" : "empty stage at the end of the flow after '>>'", token);
    }
    if (token.kind === "chain") fail("empty stage: '>>' must stand between two stages", token);
    if (token.kind === "bar") fail("'|' outside parentheses: write a parallel stage as (a | b)", token);
    fail(`unmatched ')'`, token);
  };

  for (;;) {
    stages.push(parseStage());
    const token = next();
    if (token.kind === "end") break;
    if (token.kind === "chain") continue;
    if (token.kind === "name" || token.kind === "open") fail(`expected '>>' before ${describe(token)}`, token);
    if (token.kind === "bar") fail("'|' outside parentheses: write a parallel stage as (a | b)", token);
    fail(`unmatched ')'`, token);
  }
  return { stages, refs };
}

/** Writes stages back as a flow string in canonical spacing: `a >> (b | c) >> d`. */
export function formatFlow(stages: readonly (readonly string[])[]): string {
  return stages.map((stage) => (stage.length === 1 ? stage[0]! : `(${stage.join(" | ")})`)).join(" >> ");
}

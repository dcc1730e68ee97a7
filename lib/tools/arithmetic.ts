/**
 * A small arithmetic evaluator for the calculator tool: a recursive-descent parser over
 * numbers, + - * / % ^ (right-associative, binding tighter than unary minus, so
 * -2^2 = -4), parentheses, the constants pi and e, and a fixed table of functions. No
 * eval, no Function, no property lookup: identifiers resolve only through the tables.
 */
import { UserError } from "@/lib/errors";

export class ArithmeticError extends UserError {
  override readonly name = "ArithmeticError";
  readonly kind = "invalid";
}

export const MAX_EXPRESSION_LENGTH = 1000;
const MAX_DEPTH = 64;

const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ["pi", Math.PI],
  ["e", Math.E],
]);

type MathFunction = { arity: [min: number, max: number]; apply: (...args: number[]) => number };

const FUNCTIONS: ReadonlyMap<string, MathFunction> = new Map<string, MathFunction>([
  ["sqrt", { arity: [1, 1], apply: Math.sqrt }],
  ["abs", { arity: [1, 1], apply: Math.abs }],
  ["floor", { arity: [1, 1], apply: Math.floor }],
  ["ceil", { arity: [1, 1], apply: Math.ceil }],
  // round(x) or round(x, digits)
  ["round", { arity: [1, 2], apply: (x, digits = 0) => roundTo(x, digits) }],
  ["min", { arity: [1, Infinity], apply: Math.min }],
  ["max", { arity: [1, Infinity], apply: Math.max }],
  ["ln", { arity: [1, 1], apply: Math.log }],
  ["log10", { arity: [1, 1], apply: Math.log10 }],
  ["exp", { arity: [1, 1], apply: Math.exp }],
  ["sin", { arity: [1, 1], apply: Math.sin }],
  ["cos", { arity: [1, 1], apply: Math.cos }],
  ["tan", { arity: [1, 1], apply: Math.tan }],
]);

function roundTo(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    throw new ArithmeticError("round(x, digits) needs digits to be an integer from 0 to 15");
  }
  const factor = 10 ** digits;
  return Math.round(x * factor) / factor;
}

type Token =
  | { type: "number"; value: number; at: number }
  | { type: "name"; value: string; at: number }
  | { type: "op"; value: string; at: number };

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ type: "number", value: Number(number[0]), at });
      at += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ type: "name", value: name[0].toLowerCase(), at });
      at += name[0].length;
      continue;
    }
    const op = rest[0]!;
    if (!"+-*/%^(),".includes(op)) throw new ArithmeticError(`unexpected character "${op}" at position ${at + 1}`);
    tokens.push({ type: "op", value: op, at });
    at += 1;
  }
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    if (this.tokens.length === 0) throw new ArithmeticError("the expression is empty");
    const value = this.additive();
    const extra = this.peek();
    if (extra) throw new ArithmeticError(`unexpected "${extra.value}" at position ${extra.at + 1}`);
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private takeOp(...ops: string[]): string | undefined {
    const token = this.peek();
    if (token?.type === "op" && ops.includes(token.value)) {
      this.index++;
      return token.value;
    }
    return undefined;
  }

  private expectOp(op: string): void {
    if (this.takeOp(op)) return;
    const token = this.peek();
    throw new ArithmeticError(
      token ? `expected "${op}" at position ${token.at + 1}, found "${token.value}"` : `expected "${op}" at the end`,
    );
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ArithmeticError(`the expression nests deeper than ${MAX_DEPTH} levels`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private additive(): number {
    let value = this.multiplicative();
    for (let op = this.takeOp("+", "-"); op; op = this.takeOp("+", "-")) {
      const right = this.multiplicative();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  }

  private multiplicative(): number {
    let value = this.unary();
    for (let op = this.takeOp("*", "/", "%"); op; op = this.takeOp("*", "/", "%")) {
      const right = this.unary();
      if (op !== "*" && right === 0) throw new ArithmeticError(op === "/" ? "division by zero" : "modulo by zero");
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  }

  private unary(): number {
    const sign = this.takeOp("-", "+");
    if (sign) return this.nested(() => (sign === "-" ? -this.unary() : this.unary()));
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    // The exponent may carry its own sign: 2^-1.
    if (this.takeOp("^")) return base ** this.nested(() => this.unary());
    return base;
  }

  private primary(): number {
    const token = this.peek();
    if (!token) throw new ArithmeticError("the expression ends too early");
    this.index++;
    if (token.type === "number") return token.value;
    if (token.type === "name") return this.name(token);
    if (token.value === "(") {
      const value = this.nested(() => this.additive());
      this.expectOp(")");
      return value;
    }
    throw new ArithmeticError(`unexpected "${token.value}" at position ${token.at + 1}`);
  }

  private name(token: Extract<Token, { type: "name" }>): number {
    const fn = FUNCTIONS.get(token.value);
    if (fn) {
      this.expectOp("(");
      const args = this.peek()?.value === ")" ? [] : this.arguments();
      this.expectOp(")");
      const [min, max] = fn.arity;
      if (args.length < min || args.length > max) {
        const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
        throw new ArithmeticError(`${token.value}() takes ${expected} argument(s), got ${args.length}`);
      }
      return fn.apply(...args);
    }
    const constant = CONSTANTS.get(token.value);
    if (constant !== undefined) return constant;
    throw new ArithmeticError(`unknown name "${token.value}" at position ${token.at + 1}`);
  }

  private arguments(): number[] {
    const args = [this.nested(() => this.additive())];
    while (this.takeOp(",")) args.push(this.nested(() => this.additive()));
    return args;
  }
}

/** Evaluates an arithmetic expression; throws ArithmeticError on bad input or a non-finite result. */
export function evaluateArithmetic(expression: string): number {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new ArithmeticError(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  const value = new Parser(tokenize(expression)).parse();
  if (!Number.isFinite(value)) throw new ArithmeticError("the result is not a finite number");
  return value;
}

/** Shows a result without binary noise (0.1 + 0.2 -> "0.3"), integers exactly. */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

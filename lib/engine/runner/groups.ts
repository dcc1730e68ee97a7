/**
 * Parallel and serial execution of members, used by groups and by workflow stages.
 */
import { GroupError, RunAbortedError } from "../errors";
import type { ParallelGroup, SerialGroup, SwarmMember } from "../swarm";
import { addUsageInto, emptyUsage } from "../messages";
import type { Message } from "../model";
import { abortError, childController } from "./abort";
import type { RunContext } from "./context";
import type { MemberResult, Scope } from "./types";

export type ParallelSpec = Pick<ParallelGroup, "name" | "separator" | "aggregate"> & {
  kind: "group" | "stage";
  agents: readonly SwarmMember[];
};

/**
 * Same input to every member, all at once; outputs joined in member order. The first
 * failure cancels the other members and fails the whole (GroupError with the cause).
 */
export async function runParallel(
  ctx: RunContext,
  spec: ParallelSpec,
  input: string,
  scope: Scope,
): Promise<MemberResult> {
  const node = ctx.state.createNode(spec.kind, spec.name, scope.parentId, { input, metadata: { parallel: true } });
  ctx.start(node);
  const { controller, dispose } = childController(scope.signal);
  let firstFailure: { member: string; error: unknown } | undefined;
  try {
    const settled = await Promise.allSettled(
      spec.agents.map((member) =>
        ctx.runMember(member, input, { parentId: node.id, signal: controller.signal }).catch((error: unknown) => {
          if (!firstFailure) {
            firstFailure = { member: member.name, error };
            controller.abort(new RunAbortedError("cancelled", `"${member.name}" failed in "${spec.name}"`));
          }
          throw error;
        }),
      ),
    );
    if (scope.signal.aborted) throw abortError(scope.signal);
    if (firstFailure) {
      const { member, error } = firstFailure;
      const message = error instanceof Error ? error.message : String(error);
      throw new GroupError(spec.name, `member "${member}" failed: ${message}`, { cause: error });
    }
    const results = settled.map((entry) => (entry as PromiseFulfilledResult<MemberResult>).value);
    const output = spec.aggregate
      ? await spec.aggregate(results.map((result, i) => ({ name: spec.agents[i]!.name, output: result.output })))
      : results.map((result) => result.output).join(spec.separator);
    ctx.succeed(node, output);
    return combine(output, results);
  } catch (error) {
    ctx.fail(node, error, scope.signal);
    throw error;
  } finally {
    dispose();
  }
}

/** Members one after another, each output the next input. */
export async function runSerial(
  ctx: RunContext,
  group: SerialGroup,
  input: string,
  scope: Scope,
): Promise<MemberResult> {
  const node = ctx.state.createNode("group", group.name, scope.parentId, { input, metadata: { parallel: false } });
  ctx.start(node);
  try {
    const results = await runChain(
      ctx,
      group.agents.map((member) => [member]),
      input,
      { ...scope, parentId: node.id },
    );
    const last = results.at(-1)!;
    ctx.succeed(node, last.output);
    return combine(last.output, results, last.messages);
  } catch (error) {
    ctx.fail(node, error, scope.signal);
    throw error;
  }
}

/** Stages in order (a stage of several members runs them in parallel); output → next input. */
export async function runChain(
  ctx: RunContext,
  stages: readonly (readonly SwarmMember[])[],
  input: string,
  scope: Scope,
): Promise<MemberResult[]> {
  const results: MemberResult[] = [];
  let current = input;
  for (const stage of stages) {
    const result =
      stage.length === 1
        ? await ctx.runMember(stage[0]!, current, scope)
        : await runParallel(
            ctx,
            { kind: "stage", name: `(${stage.map((m) => m.name).join(" | ")})`, agents: stage, separator: "\n\n" },
            current,
            scope,
          );
    results.push(result);
    current = result.output;
  }
  return results;
}

/** Sums usage; the messages are the given ones or all members' histories in order. */
export function combine(output: string, results: readonly MemberResult[], messages?: Message[]): MemberResult {
  const usage = emptyUsage();
  for (const result of results) addUsageInto(usage, result.usage);
  return { output, messages: messages ?? results.flatMap((result) => result.messages), usage };
}

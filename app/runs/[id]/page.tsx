import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { can } from "@/lib/auth/permissions";
import { NotFoundError } from "@/lib/data/errors";
import { getRun, listOpenQuestions } from "@/lib/data/runs";
import { noWorkerNotice } from "@/lib/runs/workersNotice";
import { currentWorkspace } from "@/app/_lib/workspace";
import { RunView } from "../_components/run-view";
import "../_components/runs.css";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ agent?: string }> };

/** `?agent=NAME`: the editor's run drawer asks for that agent's rows. */
const AgentParam = z.string().max(200).optional();

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const { teamId } = await currentWorkspace();
  const run = await getRun(teamId, id).catch(() => null);
  return { title: run ? `Run of ${run.flowName}` : "Run not found" };
}

export default async function RunPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const agent = AgentParam.safeParse(query.agent);
  const workspace = await currentWorkspace();
  try {
    const run = await getRun(workspace.teamId, id);
    const header = { status: run.status, error: run.error, output: run.output, totals: run.totals };
    const notice = run.status === "queued" ? await noWorkerNotice() : null;
    const questions = run.status === "waiting" ? await listOpenQuestions(workspace.teamId, id) : [];
    // The nodes are not in the page: the view streams them (api/runs/[id]/timeline), however many.
    // Keyed by status: after a resume the page mounts afresh and follows the run live again.
    return <RunView key={`${run.id}:${run.status}`} run={run} header={header} canRun={can(workspace.role, "flow", "run")} queuedNotice={notice} questions={questions} focusAgent={agent.success ? agent.data : undefined} />;
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

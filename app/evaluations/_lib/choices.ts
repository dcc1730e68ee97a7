// What the evaluation forms offer: the team's flows (with the scorers of each one's last
// evaluation, which the form starts from) and datasets.
import type { Workspace } from "@/lib/auth";
import { listFlows } from "@/lib/data";
import { listTeamDatasets } from "@/lib/evaluations/datasets";
import { listTeamEvaluations } from "@/lib/evaluations/service";
import { actorOf } from "@/lib/runs/commands";
import type { DatasetChoice, FlowChoice } from "../_components/new-evaluation-form";

function datasetChoices(datasets: Awaited<ReturnType<typeof listTeamDatasets>>): DatasetChoice[] {
  return datasets.map(({ id, name, latestVersion, rowCount }) => ({ id, name, latestVersion, rowCount }));
}

export async function evaluationChoices(workspace: Workspace): Promise<{ flows: FlowChoice[]; datasets: DatasetChoice[] }> {
  const [flows, datasets, evaluations] = await Promise.all([listFlows(workspace.teamId), listTeamDatasets(workspace), listTeamEvaluations(actorOf(workspace))]);
  const lastScorers = new Map<string, string[]>();
  for (const evaluation of evaluations) if (!lastScorers.has(evaluation.flowId)) lastScorers.set(evaluation.flowId, evaluation.scorers); // newest first
  return {
    flows: flows.map((flow) => ({ id: flow.id, name: flow.name, latestVersion: flow.latestVersion, defaultScorers: lastScorers.get(flow.id) ?? null })),
    datasets: datasetChoices(datasets),
  };
}

/** What the editor's "Evaluate this draft" offers: the datasets and the flow's last scorers. */
export async function draftEvaluationChoices(workspace: Workspace, flowId: string): Promise<{ datasets: DatasetChoice[]; defaultScorers: string[] | null }> {
  const [datasets, evaluations] = await Promise.all([listTeamDatasets(workspace), listTeamEvaluations(actorOf(workspace), { flowId })]);
  return { datasets: datasetChoices(datasets), defaultScorers: evaluations[0]?.scorers ?? null };
}

import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { can } from "@/lib/auth/permissions";
import { EmptyCard } from "@/app/_components/empty-card";
import { currentWorkspace } from "@/app/_lib/workspace";
import { NewEvaluationForm } from "../_components/new-evaluation-form";
import { evaluationChoices } from "../_lib/choices";
import "../_components/evals.css";

export const metadata: Metadata = { title: "New evaluation" };
export const dynamic = "force-dynamic";

const Query = z.object({
  flow: z.string().max(100).optional().catch(undefined),
  dataset: z.string().max(100).optional().catch(undefined),
  version: z.coerce.number().int().positive().optional().catch(undefined),
});

export default async function NewEvaluationPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const query = Query.parse(await searchParams);
  const workspace = await currentWorkspace();
  const { flows, datasets } = await evaluationChoices(workspace);
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>New evaluation</h1>
          <p>Runs the flow version once per dataset row (each a run with its timeline) and scores every output.</p>
        </div>
        <Link className="button" href="/evaluations">
          All evaluations
        </Link>
      </div>
      {!can(workspace.role, "flow", "run") ? (
        <EmptyCard title="Viewers cannot run evaluations">An editor of the team can start one; you can read every result.</EmptyCard>
      ) : datasets.length === 0 ? (
        <EmptyCard title="No dataset yet">
          <Link href="/datasets">Import a dataset</Link> first.
        </EmptyCard>
      ) : (
        <NewEvaluationForm flows={flows} datasets={datasets} flowId={query.flow} datasetId={query.dataset} version={query.version} />
      )}
    </div>
  );
}

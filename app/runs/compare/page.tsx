import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { NotFoundError } from "@/lib/data/errors";
import { getRun, listRunNodes } from "@/lib/data/runs";
import { Id } from "@/lib/data/validation";
import { currentWorkspace } from "@/app/_lib/workspace";
import { CompareView } from "../_components/compare-view";
import "../_components/runs.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare runs" };

const Query = z.object({ left: Id, right: Id });

/** Two runs side by side (a fork and its parent): their timelines, totals and outputs. */
export default async function CompareRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = Query.safeParse(await searchParams);
  if (!query.success) notFound();
  const { teamId } = await currentWorkspace();
  try {
    const sides = await Promise.all(
      [query.data.left, query.data.right].map(async (id) => ({ run: await getRun(teamId, id), nodes: await listRunNodes(teamId, id) })),
    );
    return (
      <div className="page" style={{ maxWidth: 1800 }}>
        <div className="toolbar" style={{ marginBottom: 12 }}>
          <Link href="/runs" className="muted">
            Runs
          </Link>
          <span className="muted">/</span>
          <h1>Compare runs</h1>
        </div>
        <CompareView sides={sides} />
      </div>
    );
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

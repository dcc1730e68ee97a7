// The example flows a new team starts with, inserted once per team.
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { DemoFlowInput } from "./flowSchemas.ts";
import { isUniqueViolation } from "./uniqueness.ts";
import { Id, parseInput } from "./validation.ts";

const DEMO_FLOWS_SEED = "demo-flows";

/**
 * Inserts `documents` as flows of the team unless this was done before (even if the
 * user deleted them since: a deleted demo stays deleted). Returns whether it seeded now.
 */
export async function seedDemoFlows(teamId: string, userId: string, documents: DemoFlowInput[]): Promise<boolean> {
  const team = parseInput(Id, teamId);
  const author = parseInput(Id, userId);
  const flows = parseInput(z.array(DemoFlowInput), documents);
  const db = await getDb();
  if (await db.teamSeed.findUnique({ where: { teamId_name: { teamId: team, name: DEMO_FLOWS_SEED } } })) return false;
  try {
    await db.$transaction(async (tx) => {
      // The marker first: a concurrent seeder fails on it and its transaction inserts nothing.
      await tx.teamSeed.create({ data: { teamId: team, name: DEMO_FLOWS_SEED } });
      for (const flow of flows) {
        await tx.flow.create({
          data: {
            teamId: team,
            name: flow.name,
            description: flow.description,
            createdById: author,
            latestVersion: 1,
            versions: { create: { number: 1, document: flow.document, message: "Example flow", authorId: author } },
          },
        });
      }
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

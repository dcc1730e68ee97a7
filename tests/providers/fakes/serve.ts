/**
 * Runs the fake OpenAI and Anthropic servers as a process, for e2e tests that start the
 * app against them (OPENAI_BASE_URL / ANTHROPIC_BASE_URL). They echo the last user
 * message; stop with Ctrl-C or SIGTERM.
 *
 *   npx tsx tests/providers/fakes/serve.ts [openaiPort=4010] [anthropicPort=4011]
 */
import { z } from "zod";
import { startFakeAnthropic } from "./anthropic";
import { startFakeOpenAI } from "./openai";

const Port = z.coerce.number().int().min(0).max(65_535);
const openaiPort = Port.parse(process.argv[2] ?? 4010);
const anthropicPort = Port.parse(process.argv[3] ?? 4011);

const openai = await startFakeOpenAI(openaiPort);
const anthropic = await startFakeAnthropic(anthropicPort);
console.log(`OPENAI_BASE_URL=${openai.baseURL}`);
console.log(`ANTHROPIC_BASE_URL=${anthropic.baseURL}`);

async function stop(): Promise<void> {
  await Promise.all([openai.close(), anthropic.close()]);
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

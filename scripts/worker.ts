// `npm run worker`: executes queued runs (SWARM_EXECUTOR=durable, PostgreSQL). See README, "Scale out".
import { startWorker } from "@/lib/runs/durable/worker";

const worker = await startWorker();
console.log(`Worker ${worker.id} is executing runs (Ctrl+C stops it; its runs continue on another worker).`);
const stop = async () => {
  await worker.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());

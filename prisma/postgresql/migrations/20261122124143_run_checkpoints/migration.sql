-- CreateTable
CREATE TABLE "run_checkpoint" (
    "runId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_checkpoint_pkey" PRIMARY KEY ("runId","nodeId")
);

-- AddForeignKey
ALTER TABLE "run_checkpoint" ADD CONSTRAINT "run_checkpoint_runId_fkey" FOREIGN KEY ("runId") REFERENCES "run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

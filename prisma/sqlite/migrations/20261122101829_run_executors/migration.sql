-- AlterTable
ALTER TABLE "run" ADD COLUMN "executorId" TEXT;

-- CreateTable
CREATE TABLE "executor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "heartbeatAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "executor_heartbeatAt_idx" ON "executor"("heartbeatAt");

-- CreateIndex
CREATE INDEX "run_executorId_status_idx" ON "run"("executorId", "status");

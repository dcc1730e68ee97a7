-- AlterTable
ALTER TABLE "run" ADD COLUMN     "executorId" TEXT;

-- CreateTable
CREATE TABLE "executor" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "heartbeatAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "executor_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "executor_heartbeatAt_idx" ON "executor"("heartbeatAt");

-- CreateIndex
CREATE INDEX "run_executorId_status_idx" ON "run"("executorId", "status");

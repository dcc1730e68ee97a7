-- CreateTable
CREATE TABLE "run_checkpoint" (
    "runId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("runId", "nodeId"),
    CONSTRAINT "run_checkpoint_runId_fkey" FOREIGN KEY ("runId") REFERENCES "run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

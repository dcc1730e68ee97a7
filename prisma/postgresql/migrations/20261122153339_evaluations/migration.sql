-- CreateTable
CREATE TABLE "dataset" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "latestVersion" INTEGER NOT NULL DEFAULT 1,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataset_version" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "rows" TEXT NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dataset_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "flowId" TEXT NOT NULL,
    "flowVersionId" TEXT NOT NULL,
    "datasetVersionId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "scorers" TEXT NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "modelOverride" TEXT,
    "minPass" DOUBLE PRECISION,
    "baselineId" TEXT,
    "createdById" TEXT,
    "apiTokenId" TEXT,
    "heartbeatAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "evaluation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_item" (
    "evaluationId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "runId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "result" TEXT,

    CONSTRAINT "evaluation_item_pkey" PRIMARY KEY ("evaluationId","index")
);

-- CreateIndex
CREATE INDEX "dataset_teamId_updatedAt_idx" ON "dataset"("teamId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "dataset_version_datasetId_number_key" ON "dataset_version"("datasetId", "number");

-- CreateIndex
CREATE INDEX "evaluation_teamId_createdAt_idx" ON "evaluation"("teamId", "createdAt");

-- CreateIndex
CREATE INDEX "evaluation_flowId_createdAt_idx" ON "evaluation"("flowId", "createdAt");

-- CreateIndex
CREATE INDEX "evaluation_item_evaluationId_status_idx" ON "evaluation_item"("evaluationId", "status");

-- AddForeignKey
ALTER TABLE "dataset" ADD CONSTRAINT "dataset_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataset_version" ADD CONSTRAINT "dataset_version_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "flow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_flowVersionId_fkey" FOREIGN KEY ("flowVersionId") REFERENCES "flow_version"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_datasetVersionId_fkey" FOREIGN KEY ("datasetVersionId") REFERENCES "dataset_version"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_item" ADD CONSTRAINT "evaluation_item_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "evaluation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

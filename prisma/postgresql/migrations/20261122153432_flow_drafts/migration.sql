-- AlterTable
ALTER TABLE "flow_version" ADD COLUMN     "contributors" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "flow_draft" (
    "flowId" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "contributors" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "flow_draft_pkey" PRIMARY KEY ("flowId")
);

-- AddForeignKey
ALTER TABLE "flow_draft" ADD CONSTRAINT "flow_draft_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "flow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

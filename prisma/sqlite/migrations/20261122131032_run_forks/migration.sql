-- AlterTable
ALTER TABLE "run" ADD COLUMN "forkAt" TEXT;
ALTER TABLE "run" ADD COLUMN "forkOfId" TEXT;

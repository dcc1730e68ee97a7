-- AlterTable
ALTER TABLE "run" ADD COLUMN     "forkAt" TEXT,
ADD COLUMN     "forkOfId" TEXT;

-- AlterTable
ALTER TABLE "dataset" ADD COLUMN "deletedAt" DATETIME;

-- AlterTable
ALTER TABLE "dataset" ADD COLUMN     "deletedAt" TIMESTAMP(3);

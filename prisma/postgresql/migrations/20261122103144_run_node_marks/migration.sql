-- AlterTable
ALTER TABLE "run_node" ADD COLUMN     "marks" TEXT;

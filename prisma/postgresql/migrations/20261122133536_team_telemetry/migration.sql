-- CreateTable
CREATE TABLE "team_telemetry" (
    "teamId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "endpoint" TEXT NOT NULL,
    "protocol" TEXT NOT NULL DEFAULT 'json',
    "includeContent" BOOLEAN NOT NULL DEFAULT false,
    "headersCiphertext" TEXT,
    "headersIv" TEXT,
    "headersTag" TEXT,
    "keyVersion" INTEGER NOT NULL DEFAULT 1,
    "headerNames" TEXT NOT NULL DEFAULT '',
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "lastExportAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "team_telemetry_pkey" PRIMARY KEY ("teamId")
);

-- AddForeignKey
ALTER TABLE "team_telemetry" ADD CONSTRAINT "team_telemetry_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

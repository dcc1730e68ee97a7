-- CreateTable
CREATE TABLE "mcp_server" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "iv" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    "keyVersion" INTEGER NOT NULL DEFAULT 1,
    "origin" TEXT NOT NULL,
    "headerNames" TEXT NOT NULL DEFAULT '',
    "toolsJson" TEXT,
    "toolsListedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mcp_server_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mcp_server_teamId_name_key" ON "mcp_server"("teamId", "name");

-- AddForeignKey
ALTER TABLE "mcp_server" ADD CONSTRAINT "mcp_server_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

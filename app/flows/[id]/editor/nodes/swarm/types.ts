export type { NestedSwarmData, NestedSwarmNode } from "@/lib/dsl/types";

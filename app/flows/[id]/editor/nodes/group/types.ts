export type { ParallelGroupData, ParallelGroupNode, SerialGroupData, SerialGroupNode } from "@/lib/dsl/types";
import type { ParallelGroupNode, SerialGroupNode } from "@/lib/dsl/types";

export type GroupNode = ParallelGroupNode | SerialGroupNode;
export type GroupKind = GroupNode["type"];

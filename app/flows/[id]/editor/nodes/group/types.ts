import type { Node } from "@xyflow/react";
import type { ParallelGroupData, SerialGroupData } from "@/lib/dsl/types";

export type { ParallelGroupData, SerialGroupData };
export type ParallelGroupNode = Node<ParallelGroupData, "parallel">;
export type SerialGroupNode = Node<SerialGroupData, "serial">;

export type GroupNode = ParallelGroupNode | SerialGroupNode;
export type GroupKind = GroupNode["type"];

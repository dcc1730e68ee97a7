"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { formatDuration, formatTokens } from "@/lib/runs/format";
import { axisTicks, barGeometry, labelPlacement, layoutTimeline, segmentGeometry, type TimelineLayout, type TimelineRow } from "@/lib/runs/timeline/layout";
import { buildRunTree } from "@/lib/runs/timeline/treeBuilding";
import { visibleRange } from "@/lib/runs/timeline/virtualRows";
import type { RunNodeSummary } from "@/lib/data/runs/types";
import { useSelection } from "./selection-context";
import type { RunLoading } from "./use-live-run";
import { ToolKindBadge } from "./tool-kind-badge";

const ROW_HEIGHT = 28;
const AXIS_HEIGHT = 26;
const NAME_WIDTH = 340;
const ZOOMS = [1, 2, 4, 8, 16, 32] as const;

const KIND_LABEL: Record<RunNodeSummary["kind"], string> = {
  run: "run",
  swarm: "swarm",
  stage: "stage",
  group: "group",
  agent: "agent",
  step: "model",
  tool_call: "tool",
  delegation: "delegate",
  spawn: "spawn",
  approval: "approve",
};

/**
 * The waterfall: one row per visible RunNode (virtualized, fixed row height), bars on
 * the run's shared time axis, zoomable. Only the rows on screen are in the DOM.
 */
export function RunTimeline({ nodes, nowMs, loading }: { nodes: readonly RunNodeSummary[]; nowMs: number; loading?: RunLoading }) {
  const { selectedId, select } = useSelection();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [zoom, setZoom] = useState<number>(1);
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 600, width: 900 });
  const scroller = useRef<HTMLDivElement>(null);

  const tree = useMemo(() => buildRunTree(nodes), [nodes]);
  const { rows, axis } = useMemo(() => layoutTimeline(tree, { collapsed, nowMs }), [tree, collapsed, nowMs]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setViewport((current) => ({ ...current, height: element.clientHeight, width: element.clientWidth }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const trackWidth = Math.max(viewport.width - NAME_WIDTH - 90, 200) * zoom;
  const { start, end } = visibleRange({
    scrollTop: Math.max(viewport.scrollTop - AXIS_HEIGHT, 0),
    viewportHeight: viewport.height,
    rowHeight: ROW_HEIGHT,
    rowCount: rows.length,
  });
  const span = axis.endMs - axis.startMs;
  const ticks = useMemo(() => axisTicks(span, Math.max(Math.round((trackWidth / 900) * 6), 4)), [span, trackWidth]);

  // A row selected from elsewhere (a canvas node, a link) is scrolled into view.
  useEffect(() => {
    const element = scroller.current;
    const index = rows.findIndex((row) => row.node.id === selectedId);
    if (!element || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop || top + ROW_HEIGHT + AXIS_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = Math.max(top - element.clientHeight / 2, 0);
    // On a new selection only, not on every live update of the rows.
  }, [selectedId]);

  function toggle(id: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const index = rows.findIndex((row) => row.node.id === selectedId);
    const next = rows[Math.min(Math.max(index + (event.key === "ArrowDown" ? 1 : -1), 0), rows.length - 1)];
    if (!next) return;
    select(next.node.id);
    const element = scroller.current;
    const top = rows.indexOf(next) * ROW_HEIGHT;
    if (element && (top < element.scrollTop || top + ROW_HEIGHT + AXIS_HEIGHT > element.scrollTop + element.clientHeight)) {
      element.scrollTop = top - element.clientHeight / 2;
    }
  }

  return (
    <section className="card" aria-label="Timeline">
      <div className="toolbar panel" style={{ padding: "8px 12px", justifyContent: "space-between" }}>
        <span className="muted" style={{ fontSize: 13 }}>
          {rows.length.toLocaleString()} of {nodes.length.toLocaleString()} nodes · {formatDuration(span)}
          {loading && !loading.done ? <span role="status"> · loading{loading.count === null ? "" : ` ${loading.loaded.toLocaleString()} of ${loading.count.toLocaleString()}`}…</span> : null}
        </span>
        <span className="toolbar" role="group" aria-label="Zoom">
          <button className="button small" onClick={() => setZoom((z) => Math.max(z / 2, 1))} disabled={zoom === 1} aria-label="Zoom out">
            −
          </button>
          <span style={{ fontSize: 12, minWidth: 30, textAlign: "center" }}>{zoom}×</span>
          <button className="button small" onClick={() => setZoom((z) => Math.min(z * 2, ZOOMS.at(-1)!))} disabled={zoom === ZOOMS.at(-1)} aria-label="Zoom in">
            +
          </button>
        </span>
      </div>
      <div
        ref={scroller}
        className="timeline"
        role="tree"
        aria-label="Run nodes"
        tabIndex={0}
        aria-busy={loading ? !loading.done : false}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          const scrollTop = event.currentTarget.scrollTop;
          setViewport((current) => (current.scrollTop === scrollTop ? current : { ...current, scrollTop }));
        }}
      >
        <div style={{ height: AXIS_HEIGHT + rows.length * ROW_HEIGHT, width: NAME_WIDTH + trackWidth + 80, position: "relative" }}>
          <div className="timeline-axis" style={{ width: NAME_WIDTH + trackWidth + 80 }}>
            {ticks.map((tick) => (
              <span key={tick} className="tick" style={{ left: NAME_WIDTH + (span > 0 ? (tick / span) * trackWidth : 0) }}>
                {formatDuration(tick)}
              </span>
            ))}
          </div>
          {rows.slice(start, end).map((row, i) => (
            <TimelineRowView
              key={row.node.id}
              row={row}
              top={AXIS_HEIGHT + (start + i) * ROW_HEIGHT}
              selected={row.node.id === selectedId}
              bar={barGeometry(row, axis, trackWidth)}
              axis={axis}
              trackWidth={trackWidth}
              width={NAME_WIDTH + trackWidth + 80}
              onSelect={() => select(row.node.id)}
              onToggle={() => toggle(row.node.id)}
            />
          ))}
        </div>
      </div>
      {loading?.error ? (
        <div className="node-error" role="alert" aria-label="Timeline error">
          The timeline did not load completely ({loading.error}). Reload the page to try again.
        </div>
      ) : null}
    </section>
  );
}

/** About the width of 10 px text: enough to keep a label off the edges without measuring it. */
const CHAR_WIDTH = 6.2;

function TimelineRowView(props: {
  row: TimelineRow;
  top: number;
  width: number;
  selected: boolean;
  bar: { left: number; width: number };
  axis: TimelineLayout["axis"];
  trackWidth: number;
  onSelect(): void;
  onToggle(): void;
}) {
  const { row, bar } = props;
  const { node } = row;
  const attempts = node.marks?.attempts;
  const label = `${formatDuration(node.durationMs ?? row.durationMs)}${node.status === "success" ? "" : ` · ${node.status}`}${
    attempts ? ` · ${attempts.length} attempts` : ""
  }${node.error ? ` — ${node.error.message.slice(0, 80)}` : ""}`;
  const segments = attempts ? segmentGeometry(attempts, props.axis, props.trackWidth) : null;
  // The text goes beside what is drawn: the bar, or a retried call's last attempt.
  const labelBar = segments?.at(-1) ?? bar;
  const placement = labelPlacement(labelBar, label.length * CHAR_WIDTH, props.width - NAME_WIDTH);
  return (
    <div
      className="timeline-row"
      role="treeitem"
      aria-selected={props.selected}
      aria-expanded={row.hasChildren ? !row.collapsed : undefined}
      aria-level={row.depth + 1}
      data-node-id={node.id}
      data-kind={node.kind}
      data-status={node.status}
      style={{ top: props.top, width: props.width }}
      onClick={props.onSelect}
    >
      <div className="timeline-name" style={{ width: NAME_WIDTH, paddingLeft: 6 + row.depth * 14 }}>
        {row.hasChildren ? (
          <button
            className="timeline-toggle"
            aria-label={row.collapsed ? `Expand ${node.name}` : `Collapse ${node.name}`}
            onClick={(event) => {
              event.stopPropagation();
              props.onToggle();
            }}
          >
            {row.collapsed ? "▸" : "▾"}
          </button>
        ) : (
          <span className="timeline-toggle" />
        )}
        <span className="timeline-kind">{KIND_LABEL[node.kind]}</span>
        <span className="timeline-label" title={node.error ? `${node.name}: ${node.error.message}` : node.name}>
          {node.name}
        </span>
        {node.marks?.tool ? <ToolKindBadge kind={node.marks.tool} /> : null}
        {node.marks?.reused ? (
          <span className="timeline-reused" title="Reused from the run this one was forked from: not called again">
            reused
          </span>
        ) : null}
        {node.marks?.edited ? (
          <span className="timeline-handoff" title="A person edited what this call saw: the fork starts here">
            edited
          </span>
        ) : null}
        {node.marks?.handoffFrom ? (
          <span className="timeline-handoff" title={`${node.marks.handoffFrom} handed off to ${node.name}`}>
            ⇢ from {node.marks.handoffFrom}
          </span>
        ) : null}
        {row.lane > 0 ? (
          <span className="timeline-lane" title="Ran concurrently with an earlier sibling">
            ∥{row.lane + 1}
          </span>
        ) : null}
        <span className="timeline-meta">{node.usage.totalTokens > 0 ? `${formatTokens(node.usage.totalTokens)} tok` : ""}</span>
      </div>
      <div className="timeline-track" style={{ width: props.width - NAME_WIDTH }}>
        {attempts && segments ? (
          segments.map((segment, i) => (
            <div
              key={i}
              className={`timeline-bar timeline-attempt ${attempts[i]!.error ? "bar-failed" : `bar-${node.status}`}`}
              style={{ left: segment.left, width: segment.width }}
              title={`Attempt ${i + 1} · ${formatDuration(attempts[i]!.endedAt - attempts[i]!.startedAt)}${attempts[i]!.error ? ` — ${attempts[i]!.error}` : ""}`}
              data-attempt={i + 1}
            />
          ))
        ) : (
          <div className={`timeline-bar bar-${node.status}`} style={{ left: bar.left, width: bar.width }} title={`${node.status} · ${formatDuration(row.durationMs)}`} />
        )}
        {node.marks?.handoffFrom ? <span className="timeline-handoff-mark" style={{ left: bar.left }} aria-hidden="true" /> : null}
        <span
          className={`timeline-bar-label label-${placement}`}
          style={placement === "before" ? { right: props.width - NAME_WIDTH - labelBar.left + 4 } : { left: placement === "after" ? labelBar.left + labelBar.width + 4 : labelBar.left + 4 }}
        >
          {label}
        </span>
      </div>
    </div>
  );
}

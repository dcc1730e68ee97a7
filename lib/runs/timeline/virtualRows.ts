/** Which rows of a fixed-row-height list are on screen (plus `overscan` either side). */
export function visibleRange(options: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  overscan?: number;
}): { start: number; end: number } {
  const { scrollTop, viewportHeight, rowHeight, rowCount, overscan = 8 } = options;
  if (rowCount === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(scrollTop, 0) / rowHeight);
  const visible = Math.ceil(Math.max(viewportHeight, 0) / rowHeight) + 1;
  const start = Math.min(Math.max(first - overscan, 0), rowCount);
  const end = Math.min(first + visible + overscan, rowCount);
  return { start, end: Math.max(start, end) };
}

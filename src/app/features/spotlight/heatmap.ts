/**
 * Drawing the fixation heatmap over a creative without blocking the page: the service sends a
 * density grid (about 48 cells across); the grid becomes a tiny image (one pixel a cell, a colour
 * table lookup each) and the canvas scales it up with smoothing on the GPU. The work is
 * proportional to the grid, not to the screen, so a redraw costs well under a millisecond or two
 * whatever the size (tests/e2e/spotlight.spec.ts measures long tasks while toggling).
 */
export const OVERLAY_MODES = ['heatmap', 'fogmap', 'off'] as const;
export type OverlayMode = (typeof OVERLAY_MODES)[number];

/** Transparent → blue → cyan → green → yellow → red, as RGBA for each density 0–255. */
function buildHeatTable(): Uint8ClampedArray<ArrayBuffer> {
  const stops: [number, [number, number, number]][] = [
    [0, [37, 99, 235]],
    [0.3, [6, 182, 212]],
    [0.5, [34, 197, 94]],
    [0.7, [250, 204, 21]],
    [1, [220, 38, 38]],
  ];
  const table = new Uint8ClampedArray(256 * 4);
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    let i = 0;
    while (i < stops.length - 2 && t > (stops[i + 1] as (typeof stops)[number])[0]) i++;
    const [t0, c0] = stops[i] as (typeof stops)[number];
    const [t1, c1] = stops[i + 1] as (typeof stops)[number];
    const f = t1 === t0 ? 0 : (t - t0) / (t1 - t0);
    table[v * 4] = c0[0] + (c1[0] - c0[0]) * f;
    table[v * 4 + 1] = c0[1] + (c1[1] - c0[1]) * f;
    table[v * 4 + 2] = c0[2] + (c1[2] - c0[2]) * f;
    // Faint areas fade out, so the creative shows through where nobody looked.
    table[v * 4 + 3] = t < 0.12 ? 0 : Math.round(40 + ((t - 0.12) / 0.88) * 200);
  }
  return table;
}

let heatTable: Uint8ClampedArray<ArrayBuffer> | null = null;

/** The grid as RGBA pixels (one a cell) for a mode: heat colours, or a fog that clears where people looked. */
export function gridPixels(cells: Uint8Array, mode: Exclude<OverlayMode, 'off'>): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(cells.length * 4);
  if (mode === 'heatmap') {
    heatTable ??= buildHeatTable();
    for (let i = 0; i < cells.length; i++) {
      const v = (cells[i] as number) * 4;
      pixels[i * 4] = heatTable[v] as number;
      pixels[i * 4 + 1] = heatTable[v + 1] as number;
      pixels[i * 4 + 2] = heatTable[v + 2] as number;
      pixels[i * 4 + 3] = heatTable[v + 3] as number;
    }
  } else {
    for (let i = 0; i < cells.length; i++) {
      // Dark slate fog, fully clear at the densest cell.
      pixels[i * 4] = 15;
      pixels[i * 4 + 1] = 23;
      pixels[i * 4 + 2] = 42;
      pixels[i * 4 + 3] = Math.round(235 * Math.pow(1 - (cells[i] as number) / 255, 1.6));
    }
  }
  return pixels;
}

/** Draws the overlay to fill `canvas` at its CSS size × device pixel ratio (crisp on phones). */
export function drawOverlay(
  canvas: HTMLCanvasElement,
  grid: { cols: number; rows: number; cells: Uint8Array },
  mode: OverlayMode,
): void {
  const started = performance.now();
  try {
    paint(canvas, grid, mode);
  } finally {
    // A user-timing entry per draw, so its cost can be read in a trace or by a test.
    performance.measure('spotlight-heatmap-draw', { start: started, end: performance.now() });
  }
}

function paint(canvas: HTMLCanvasElement, grid: { cols: number; rows: number; cells: Uint8Array }, mode: OverlayMode) {
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, width, height);
  if (mode === 'off') return;
  const small = document.createElement('canvas');
  small.width = grid.cols;
  small.height = grid.rows;
  const smallContext = small.getContext('2d');
  if (!smallContext) return;
  smallContext.putImageData(new ImageData(gridPixels(grid.cells, mode), grid.cols, grid.rows), 0, 0);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(small, 0, 0, width, height);
}

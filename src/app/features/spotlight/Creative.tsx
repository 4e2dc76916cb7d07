/**
 * An asset's creative: a thumbnail for lists, and the viewer with its heatmap or fogmap overlay
 * (heatmap.ts) and the areas of interest drawn as boxes in view order. The boxes and the canvas are
 * sized in percentages of the creative, so they stay on their spot at any width.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import { AOI_LABELS, heatmapCells } from '../../../shared/spotlight-words.ts';
import { creativeUrl, creativeUrlRead } from './data.ts';
import { drawOverlay, type OverlayMode } from './heatmap.ts';

type CreativeOf = Pick<Stim, 'id' | 'source'>;

/** A URL asset's creative is its https address (the page policy allows https images and media). */
function useCreative(stim: CreativeOf): string | null {
  const direct = stim.source?.kind === 'url' ? stim.source.url : null;
  const id = direct ? null : stim.id;
  const [url, setUrl] = useState<string | null>(() => (id ? creativeUrlRead(id) : null));
  useEffect(() => {
    if (!id) return;
    let live = true;
    setUrl(creativeUrlRead(id));
    creativeUrl(id).then(
      (value) => live && setUrl(value),
      () => live && setUrl(null),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return direct ?? url;
}

/** A video's own file plays as a video; everything else (the drawn creatives are SVG) is a picture. */
const playsAsVideo = (stim: Pick<Stim, 'type' | 'source'>) => stim.type === 'video' && stim.source?.kind !== undefined;

export function Thumbnail({
  stim,
  className = '',
}: {
  stim: Pick<Stim, 'id' | 'name' | 'type' | 'source'>;
  className?: string;
}) {
  const url = useCreative(stim);
  return (
    <div className={`shrink-0 overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200 ${className}`}>
      {url && playsAsVideo(stim) ? (
        <video src={url} muted preload="metadata" className="h-full w-full object-contain" aria-hidden="true" />
      ) : url ? (
        <img src={url} alt="" className="h-full w-full object-contain" loading="lazy" />
      ) : null}
    </div>
  );
}

/** The creative at its own aspect ratio, fitting `maxHeight`, with `children` laid over it. */
export function CreativeImage({
  stim,
  maxHeight = '70vh',
  children,
}: {
  stim: Stim;
  maxHeight?: string;
  children?: ReactNode;
}) {
  const url = useCreative(stim);
  return (
    <div
      className="relative mx-auto overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200"
      style={{
        aspectRatio: `${stim.width} / ${stim.height}`,
        width: `min(100%, calc(${maxHeight} * ${stim.width / stim.height}))`,
      }}
      data-testid="creative"
    >
      {url && playsAsVideo(stim) ? (
        <video src={url} muted aria-label={`Creative: ${stim.name}`} className="absolute inset-0 h-full w-full" />
      ) : url ? (
        <img src={url} alt={`Creative: ${stim.name}`} className="absolute inset-0 h-full w-full" />
      ) : (
        <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-slate-200" />
      )}
      {children}
    </div>
  );
}

const AOI_COLOURS: Record<string, string> = {
  logo: '#f8fafc',
  product: '#fde047',
  headline: '#67e8f9',
  cta: '#f9a8d4',
};

export interface CreativeViewerProps {
  stim: Stim;
  mode: OverlayMode;
  /** 0 to 1. */
  opacity: number;
  showAreas: boolean;
  /** The tallest the creative may be (CSS length), so portrait creatives fit the screen. */
  maxHeight?: string;
}

export function CreativeViewer({ stim, mode, opacity, showAreas, maxHeight = '70vh' }: CreativeViewerProps) {
  const url = useCreative(stim);
  const canvas = useRef<HTMLCanvasElement>(null);
  const results = stim.results;
  const grid = useMemo(
    () =>
      results ? { cols: results.heatmap.cols, rows: results.heatmap.rows, cells: heatmapCells(results.heatmap) } : null,
    [results],
  );

  useEffect(() => {
    const element = canvas.current;
    if (!element || !grid) return;
    drawOverlay(element, grid, mode);
    // Redraw at the new size when the layout changes (a phone turned, the sidebar resized).
    let drawn = `${element.clientWidth}x${element.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const size = `${element.clientWidth}x${element.clientHeight}`;
      if (size === drawn) return;
      drawn = size;
      drawOverlay(element, grid, mode);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [grid, mode]);

  const ratio = stim.width / stim.height;
  return (
    <figure className="m-0">
      <div
        className="relative mx-auto overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200"
        style={{ aspectRatio: `${stim.width} / ${stim.height}`, width: `min(100%, calc(${maxHeight} * ${ratio}))` }}
        data-testid="creative"
        data-overlay={grid ? mode : 'none'}
      >
        {url && playsAsVideo(stim) ? (
          <video
            src={url}
            controls
            muted
            aria-label={`Creative: ${stim.name}`}
            className="absolute inset-0 h-full w-full"
          />
        ) : url ? (
          <img src={url} alt={`Creative: ${stim.name}`} className="absolute inset-0 h-full w-full" />
        ) : (
          <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-slate-200" />
        )}
        {grid ? (
          <canvas
            ref={canvas}
            aria-hidden="true"
            data-testid="heatmap-canvas"
            className="pointer-events-none absolute inset-0 h-full w-full"
            style={{ opacity: mode === 'off' ? 0 : opacity }}
          />
        ) : null}
        {showAreas && results
          ? results.aois.map((area) => (
              <div
                key={area.kind}
                aria-hidden="true"
                className="pointer-events-none absolute rounded-sm border-2 border-dashed"
                style={{
                  left: `${area.box.x * 100}%`,
                  top: `${area.box.y * 100}%`,
                  width: `${area.box.w * 100}%`,
                  height: `${area.box.h * 100}%`,
                  borderColor: AOI_COLOURS[area.kind],
                  boxShadow: '0 0 0 1px rgba(15,23,42,.6)',
                }}
              >
                <span
                  className="absolute -top-2.5 -left-2.5 flex h-5 w-5 items-center justify-center rounded-full text-[11px] font-bold text-slate-900 shadow"
                  style={{ background: AOI_COLOURS[area.kind] }}
                  title={AOI_LABELS[area.kind]}
                >
                  {area.view_order}
                </span>
              </div>
            ))
          : null}
      </div>
      <figcaption className="mt-2 text-center text-xs text-slate-600">
        {stim.format} · {stim.width}×{stim.height}
        {stim.duration_s ? ` · ${stim.duration_s} s video` : ' · image'}
      </figcaption>
    </figure>
  );
}

export { AOI_COLOURS };

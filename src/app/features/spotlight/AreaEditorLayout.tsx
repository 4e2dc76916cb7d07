/**
 * The area editor's place on an asset's page: the hint and the creative on one side, the areas'
 * buttons and fields on the other. The editor (AreaEditor.tsx, its own chunk: React Aria's inputs)
 * draws into it, and the page draws it with placeholders while the editor's code, or the study
 * that says whether there is an editor at all, is on its way: the creative shows at once, and does
 * not move when the editor takes its place.
 */
import type { ReactNode } from 'react';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import { CreativeImage } from './Creative.tsx';
import { Skeleton } from './ui.tsx';

/** The hint's id: the drawing surface is described by it. */
export const DRAW_HINT_ID = 'draw-hint';

export function AreaEditorLayout({ stim, surface, side }: { stim: Stim; surface?: ReactNode; side: ReactNode }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div>
        <p id={DRAW_HINT_ID} className="mb-2 text-sm text-slate-600">
          Drag on the creative to draw an area of interest, or add one and place it with the fields.
        </p>
        <CreativeImage stim={stim} maxHeight="60vh">
          {surface}
        </CreativeImage>
      </div>
      <div className="space-y-4">{side}</div>
    </div>
  );
}

/** The editor's place before the editor: the creative, and the fields' place held. */
export function AreaEditorPlaceholder({ stim }: { stim: Stim }) {
  return (
    <AreaEditorLayout
      stim={stim}
      side={
        <>
          <Skeleton className="h-10 w-48" />
          <Skeleton className="h-5 w-36" />
        </>
      }
    />
  );
}

/**
 * How the app page's HTML paints a page's heading (a route with an `intro`: the lists, the report
 * builder) before the app's code has arrived: the head's route script (scripts/route-preload.ts)
 * leaves the route's title and intro on <html> in these attributes, and the script after the frame
 * (src/pages/app.astro) writes them into the frame's title slot (shell/Frame.tsx), in place of its
 * skeleton block. App.tsx's LoadingShell puts the block back when the frame shows again on another
 * route. A module of its own, so that the entry (App.tsx) and the build read the names without the
 * frame's markup.
 */
export const FRAME_TITLE_SLOT = 'data-frame-title';
export const ROUTE_TITLE_ATTRIBUTE = 'data-route-title';
export const ROUTE_INTRO_ATTRIBUTE = 'data-route-intro';

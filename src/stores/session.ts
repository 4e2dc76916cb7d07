import { atom } from 'nanostores';

/** Where the app is in its life: spec §4 "App state". */
export type AppState = 'loading' | 'logged-out' | 'logged-in';

export const $appState = atom<AppState>('loading');

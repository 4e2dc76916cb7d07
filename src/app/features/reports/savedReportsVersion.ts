/**
 * Bumped whenever a saved report is created, renamed, updated or deleted, so the sidebar's list
 * and /reports/saved follow at once. Its own module: the sidebar (in the shell's chunk) imports
 * only this, not the builder's state code.
 */
import { atom } from 'nanostores';

export const $savedReportsVersion = atom(0);

export const savedReportsChanged = () => $savedReportsVersion.set($savedReportsVersion.get() + 1);

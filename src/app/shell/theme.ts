/**
 * The account's theme (spec §1, §9): primary and secondary colours and a logo scaled to 37 px
 * high; defaults #00badb and slate-700. Faded and active shades derive from these in CSS
 * (src/styles/global.css). Set on <html> so dialogs and popovers rendered outside the shell's
 * tree get the same colours.
 */
import { DEFAULT_PRIMARY_COLOUR, DEFAULT_SECONDARY_COLOUR } from '../../shared/constants.ts';

const HEX = /^#[0-9a-f]{6}$/i;

export interface ThemeLike {
  primary_colour?: string | null;
  secondary_colour?: string | null;
  logo?: string | null;
}

export function themeColours(theme: ThemeLike | null | undefined): { primary: string; secondary: string } {
  return {
    primary: theme?.primary_colour && HEX.test(theme.primary_colour) ? theme.primary_colour : DEFAULT_PRIMARY_COLOUR,
    secondary:
      theme?.secondary_colour && HEX.test(theme.secondary_colour) ? theme.secondary_colour : DEFAULT_SECONDARY_COLOUR,
  };
}

export function applyTheme(theme: ThemeLike | null | undefined, root: HTMLElement = document.documentElement): void {
  const { primary, secondary } = themeColours(theme);
  root.style.setProperty('--lamp-primary', primary);
  root.style.setProperty('--lamp-secondary', secondary);
}

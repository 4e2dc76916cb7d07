import type { AdminRecipe } from './recipe.ts';

/**
 * Recipes of the bespoke account sections (details, users, access, name-mapping). A stub until
 * that work lands: the lead takes the other helper's version of this file at merge.
 */
export const ACCOUNT_RECIPES: Record<string, AdminRecipe> = {};

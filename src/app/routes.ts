/**
 * The app's route table: the one place that knows every path. Routing, navigation, titles,
 * breadcrumbs and guards read from it; URLs are built with `paths`, never from inline strings.
 */
export const paths = {
  home: () => '/',
} as const;

export interface RouteEntry {
  path: string;
  title: string;
}

export const routes: readonly RouteEntry[] = [{ path: '/', title: 'Home' }];

/** Spotlight, the creative-testing area: studies and their assets. */
import { route, spotlight } from './declare.ts';

const area = { access: spotlight, sidebar: 'spotlight', switcherLock: 'spotlight' } as const;

export const spotlightRoutes = [
  route('spotlight', '/spotlight', 'Spotlight', 'spotlight/SpotlightHomePage', {
    ...area,
    nav: { menu: 'top', label: 'Spotlight', order: 30 },
  }),
  route('spotlight.studies', '/spotlight/studies', 'Studies', 'spotlight/StudiesPage', area),
  route('spotlight.study.create', '/spotlight/studies/create', 'New Study', 'spotlight/StudyCreatePage', area),
  route('spotlight.study', '/spotlight/studies/:studyId', 'Study', 'spotlight/StudyPage', area),
  route('spotlight.assets', '/spotlight/assets', 'Assets', 'spotlight/AssetsPage', area),
  route('spotlight.asset', '/spotlight/assets/:assetId', 'Asset', 'spotlight/AssetPage', area),
];

/** Activations and domain lists. */
import { lamp, route } from './declare.ts';

const area = { access: lamp, sidebar: 'activations' } as const;

export const activationRoutes = [
  route('activations', '/activations/activations', 'Activations', 'activations/ActivationsPage', {
    ...area,
    intro: 'Attention data at work: deals on buying platforms that reach only domains above a minimum APM.',
  }),
  route(
    'activations.create',
    '/activations/activations/create',
    'Create Activation',
    'activations/CreateActivationPage',
    { ...area, access: { ...lamp, permission: 'activation.write' } },
  ),
  // After the create route: 'create' is not an activation id.
  route('activation', '/activations/activations/:activationId', 'Activation', 'activations/ActivationPage', area),
  route('domain-lists', '/activations/domain-lists', 'Domain lists', 'activations/DomainListsPage', {
    ...area,
    intro: 'Allow and block lists of web domains and app bundle ids, for activations and for your platforms.',
  }),
];

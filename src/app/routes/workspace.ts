/** The account's own administration: labels, users and billing (the user menu opens them). */
import { route } from './declare.ts';

const labels = { permission: 'labels.manage' } as const;
const billing = { permission: 'billing.view' } as const;

export const workspaceRoutes = [
  route('labels', '/labels', 'Labels', 'workspace/LabelsPage', {
    access: labels,
    nav: { menu: 'user', label: 'Labels', order: 60 },
  }),
  route('label.edit', '/labels/:categoryId/:labelId/edit', 'Edit Label', 'workspace/LabelEditPage', { access: labels }),
  route('users', '/users', 'Users', 'workspace/UsersPage', {
    access: { permission: 'users.manage' },
    nav: { menu: 'user', label: 'Users', order: 50 },
  }),
  route('billing', '/billing', 'Billing', 'workspace/BillingPage', {
    access: billing,
    nav: { menu: 'user', label: 'Billing', order: 20 },
  }),
  route(
    'purchase-order',
    '/billing/purchase-orders/:purchaseOrderId',
    'Purchase Order',
    'workspace/PurchaseOrderPage',
    {
      access: billing,
    },
  ),
];

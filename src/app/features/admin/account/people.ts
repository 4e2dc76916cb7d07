/** How the admin account sections name people and roles. */
import { capitalise } from '../../../routes/index.ts';

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

export const roleName = (role: string) => capitalise(role);

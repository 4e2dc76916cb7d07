import { z } from 'zod';
import { baseRow, inputsFor, name, objectId, text } from './common.ts';

/** A project groups an account's measurements (root users manage them). */
export const projectRow = z.object({
  ...baseRow,
  account: objectId,
  name,
  description: text,
});

export const { create: projectCreate, update: projectUpdate } = inputsFor(projectRow);

/**
 * Test control (README "Testing against LAMP"): demo and test modes only, from this machine or
 * with the test-control token. Each works on the sandbox the request names (X-Lamp-Sandbox or
 * the lamp_sandbox cookie), or the default state: its data, clock, faults, journal and outbox.
 */
import { z } from 'zod';
import { userRow } from '../schemas/user.ts';
import {
  ClockBodySchema,
  ClockSchema,
  MintedSessionSchema,
  MintSessionBodySchema,
  ResetBodySchema,
  SandboxListSchema,
  SandboxParamsSchema,
  SandboxSchema,
} from '../schemas/sandbox.ts';
import {
  OutboxListSchema,
  OutboxMessageSchema,
  OutboxQuerySchema,
  SuccessResponseSchema,
  TestLinkBodySchema,
  TestUserBodySchema,
} from '../schemas/self-service.ts';
import {
  FaultIdParamsSchema,
  FaultRuleBodySchema,
  FaultRuleListSchema,
  FaultRuleSchema,
  JournalCountSchema,
  JournalListSchema,
  JournalQuerySchema,
} from '../schemas/test-traffic.ts';
import { areaEndpoint } from './endpoint.ts';

const control = areaEndpoint({ tags: ['testing'], only: 'test-control' });
/** An answer with no body: what is left after a removal. */
const emptied = (what: string) => ({ answer: z.null().describe(what), status: 204 }) as const;

export const testControlEndpoints = {
  resetState: control('resetState', {
    body: ResetBodySchema,
    answer: SuccessResponseSchema,
    summary: "Reset the request's sandbox (or the default state) to the fixtures",
  }),
  listSandboxes: control('listSandboxes', { answer: SandboxListSchema, summary: 'List the sandboxes' }),
  deleteSandbox: control('deleteSandbox', {
    params: SandboxParamsSchema,
    ...emptied('The sandbox is gone'),
    summary: 'Delete a sandbox',
  }),
  resetSandbox: control('resetSandbox', {
    params: SandboxParamsSchema,
    body: ResetBodySchema,
    answer: SandboxSchema,
    summary: 'Reset a sandbox to the fixtures',
  }),
  attachSandbox: control('attachSandbox', {
    params: SandboxParamsSchema,
    answer: SandboxSchema,
    summary: 'Work in a sandbox from a browser',
  }),
  readClock: control('readClock', { answer: ClockSchema, summary: "The sandbox's clock" }),
  setClock: control('setClock', { body: ClockBodySchema, answer: ClockSchema, summary: "Set the sandbox's clock" }),
  addFault: control('addFault', {
    body: FaultRuleBodySchema,
    answer: FaultRuleSchema,
    status: 201,
    summary: 'Add a fault rule',
  }),
  listFaults: control('listFaults', { answer: FaultRuleListSchema, summary: 'List the fault rules' }),
  clearFaults: control('clearFaults', { ...emptied('No rules remain'), summary: 'Remove every fault rule' }),
  removeFault: control('removeFault', {
    params: FaultIdParamsSchema,
    ...emptied('The rule is removed'),
    summary: 'Remove a fault rule',
  }),
  journal: control('journal', {
    query: JournalQuerySchema,
    answer: JournalListSchema,
    summary: 'What reached the API',
  }),
  journalCount: control('journalCount', {
    query: JournalQuerySchema,
    answer: JournalCountSchema,
    summary: 'Count what reached the API',
  }),
  clearJournal: control('clearJournal', { ...emptied('The journal is empty'), summary: 'Clear the journal' }),
  outbox: control('outbox', {
    query: OutboxQuerySchema,
    answer: OutboxListSchema,
    summary: 'The e-mails LAMP would have sent',
  }),
  clearOutbox: control('clearOutbox', { ...emptied('The outbox is empty'), summary: 'Empty the outbox' }),
  issueLink: control('issueLink', {
    body: TestLinkBodySchema,
    answer: OutboxMessageSchema,
    status: 201,
    summary: 'Send a link e-mail issued at a given time',
  }),
  createTestUser: control('createTestUser', {
    body: TestUserBodySchema,
    answer: userRow,
    status: 201,
    summary: 'Create a throwaway user',
  }),
  mintSession: control('mintSession', {
    body: MintSessionBodySchema,
    answer: MintedSessionSchema,
    status: 201,
    summary: 'Sign a user in without the password (in a sandbox)',
  }),
};

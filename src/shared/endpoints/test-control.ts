/**
 * Test control (README "Testing against LAMP"): demo and test modes only, from this machine or
 * with the test-control token. Each works on the sandbox the request names (X-Lamp-Sandbox or
 * the lamp_sandbox cookie), or the default state: its data, clock, faults, journal and outbox.
 */
import { z } from 'zod';
import { currentUser } from '../schemas/user.ts';
import {
  ClockBodySchema,
  ClockSchema,
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
import { endpoint, type EndpointDeclaration } from './endpoint.ts';

type Control = Omit<EndpointDeclaration, 'tags' | 'only'>;
const control = <const D extends Control>(declaration: D) =>
  ({ ...declaration, tags: ['testing'], only: 'test-control' }) as const;
/** An answer with no body: what is left after a removal. */
const emptied = (what: string) => ({ answer: z.null().describe(what), status: 204 }) as const;

export const testControlEndpoints = {
  resetState: endpoint(
    'resetState',
    control({
      answer: SuccessResponseSchema,
      summary: "Reset the request's sandbox (or the default state) to the fixtures",
    }),
  ),
  listSandboxes: endpoint('listSandboxes', control({ answer: SandboxListSchema, summary: 'List the sandboxes' })),
  deleteSandbox: endpoint(
    'deleteSandbox',
    control({ params: SandboxParamsSchema, ...emptied('The sandbox is gone'), summary: 'Delete a sandbox' }),
  ),
  resetSandbox: endpoint(
    'resetSandbox',
    control({ params: SandboxParamsSchema, answer: SandboxSchema, summary: 'Reset a sandbox to the fixtures' }),
  ),
  attachSandbox: endpoint(
    'attachSandbox',
    control({ params: SandboxParamsSchema, answer: SandboxSchema, summary: 'Work in a sandbox from a browser' }),
  ),
  readClock: endpoint('readClock', control({ answer: ClockSchema, summary: "The sandbox's clock" })),
  setClock: endpoint(
    'setClock',
    control({ body: ClockBodySchema, answer: ClockSchema, summary: "Set the sandbox's clock" }),
  ),
  addFault: endpoint(
    'addFault',
    control({ body: FaultRuleBodySchema, answer: FaultRuleSchema, status: 201, summary: 'Add a fault rule' }),
  ),
  listFaults: endpoint('listFaults', control({ answer: FaultRuleListSchema, summary: 'List the fault rules' })),
  clearFaults: endpoint('clearFaults', control({ ...emptied('No rules remain'), summary: 'Remove every fault rule' })),
  removeFault: endpoint(
    'removeFault',
    control({ params: FaultIdParamsSchema, ...emptied('The rule is removed'), summary: 'Remove a fault rule' }),
  ),
  journal: endpoint(
    'journal',
    control({ query: JournalQuerySchema, answer: JournalListSchema, summary: 'What reached the API' }),
  ),
  journalCount: endpoint(
    'journalCount',
    control({ query: JournalQuerySchema, answer: JournalCountSchema, summary: 'Count what reached the API' }),
  ),
  clearJournal: endpoint('clearJournal', control({ ...emptied('The journal is empty'), summary: 'Clear the journal' })),
  outbox: endpoint(
    'outbox',
    control({ query: OutboxQuerySchema, answer: OutboxListSchema, summary: 'The e-mails LAMP would have sent' }),
  ),
  clearOutbox: endpoint('clearOutbox', control({ ...emptied('The outbox is empty'), summary: 'Empty the outbox' })),
  issueLink: endpoint(
    'issueLink',
    control({
      body: TestLinkBodySchema,
      answer: OutboxMessageSchema,
      status: 201,
      summary: 'Send a link e-mail issued at a given time',
    }),
  ),
  createTestUser: endpoint(
    'createTestUser',
    control({ body: TestUserBodySchema, answer: currentUser, status: 201, summary: 'Create a throwaway user' }),
  ),
};

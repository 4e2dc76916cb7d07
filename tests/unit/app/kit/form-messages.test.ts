/**
 * Every form's words for a refused value (src/app/kit/formMessages.ts): each kind of zod issue,
 * raised by a real schema, reads as a person's sentence naming the field's label; a schema's own
 * words and the spec's texts win; zod's wording from a server is never shown.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkForm,
  choosePrompt,
  fieldMessage,
  formSummary,
  issuesByField,
  personMessage,
} from '../../../../src/app/kit/formMessages.ts';
import { messages } from '../../../../src/shared/messages.ts';
import { briefCreate } from '../../../../src/shared/schemas/spotlight.ts';
import { resources } from '../../../../src/shared/schemas/index.ts';

/** zod's own wording, which no form may show (the browser test's pattern too). */
const RAW = /Invalid (option|input|ISO)|expected (one of|number|string)|Too (small|big)|>=|<=/;

/** The message a form shows for `value` in a field labelled `label` checked by `field`. */
function shown(field: z.ZodType, value: unknown, label = 'Sample size'): string {
  const checked = checkForm(z.object({ field }), { field: value }, { field: label });
  if (checked.ok) throw new Error('expected a refusal');
  const message = checked.errors.field ?? '';
  expect(message).not.toMatch(RAW);
  return message;
}

describe('a form’s message for each kind of issue', () => {
  it('required: an empty text, number, date, reference or list', () => {
    expect(shown(z.string().min(1), '', 'Parameter')).toBe('Parameter is required');
    expect(shown(z.string().min(3), '', 'Code')).toBe('Code is required');
    expect(shown(z.number(), null)).toBe('Sample size is required');
    expect(shown(z.number(), Number.NaN)).toBe('Sample size is required');
    expect(shown(z.iso.date(), '', 'Start date')).toBe('Start date is required');
    expect(shown(z.string().regex(/^[0-9a-f]{24}$/), null, 'Vendor')).toBe('Vendor is required');
    expect(shown(z.array(z.string()).min(1), [], 'Accounts')).toBe('Choose one or more accounts');
  });

  it('choice: an option left unchosen, or one not offered', () => {
    const context = z.enum(['social_feed', 'web_page']);
    expect(shown(context, null, 'Context')).toBe('Choose a context');
    expect(shown(context, 'radio', 'Context')).toBe('Choose a context');
    expect(shown(context, '', 'Objective')).toBe('Choose an objective');
    expect(choosePrompt('URL type')).toBe('Choose a URL type');
    expect(choosePrompt('SMS sender')).toBe('Choose an SMS sender');
  });

  it('range: numbers at least, at most, not negative, more than, whole', () => {
    expect(shown(z.number().int().min(100).max(5000), 5)).toBe('Sample size must be at least 100');
    expect(shown(z.number().int().min(1).max(12), 13, 'Cells')).toBe('Cells must be at most 12');
    expect(shown(z.number().max(10_000), 20_000)).toBe('Sample size must be at most 10,000');
    expect(shown(z.number().nonnegative(), -1, 'Minimum APM')).toBe('Minimum APM must not be negative');
    expect(shown(z.number().positive(), 0, 'Value')).toBe('Value must be more than 0');
    expect(shown(z.number().gt(5), 5, 'Value')).toBe('Value must be more than 5');
    expect(shown(z.number().lt(5), 5, 'Value')).toBe('Value must be less than 5');
    expect(shown(z.number().int(), 1.5, 'Cells')).toBe('Cells must be a whole number');
    expect(shown(z.number().multipleOf(5), 7, 'Step')).toBe('Step must be a multiple of 5');
    expect(shown(z.number(), 'ten', 'Cells')).toBe('Cells must be a number');
  });

  it('range: text and list lengths', () => {
    expect(shown(z.string().min(3), 'ab', 'Code')).toBe('Code must be at least 3 characters long');
    expect(shown(z.string().max(5), 'abcdef', 'Code')).toBe('Code must be at most 5 characters long');
    expect(shown(z.string().length(4), 'abc', 'Pin')).toBe('Pin must be 4 characters long');
    expect(shown(z.array(z.string()).min(2), ['a'], 'Accounts')).toBe('Choose at least 2 accounts');
    expect(shown(z.array(z.string()).max(2), ['a', 'b', 'c'], 'Accounts')).toBe('Choose at most 2 accounts');
  });

  it('format: dates, times, addresses; anything else is not valid', () => {
    expect(shown(z.iso.date(), '2026-02-30', 'Start date')).toBe('Start date must be a date');
    expect(shown(z.iso.datetime(), 'soon', 'Runs at')).toBe('Runs at must be a date and time');
    expect(shown(z.email(), 'nobody', 'Email')).toBe('Email must be an e-mail address');
    expect(shown(z.url(), 'not a link', 'URL')).toBe('URL must be a web address');
    expect(shown(z.string().regex(/^x/), 'y', 'Code')).toBe('Code is not valid');
    expect(shown(z.boolean(), 'yes', 'Enabled')).toBe('Enabled is not valid');
    expect(personMessage({ code: 'custom', input: '' }, 'Area')).toBe('Area is not valid');
  });

  it('keeps a schema’s own words: predicates get the label, whole sentences and the spec’s texts stay', () => {
    expect(shown(z.string().min(1, 'is required'), '', 'Macro')).toBe('Macro is required');
    // …but a predicate about the form of a value left empty reads as required.
    const id = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id');
    expect(shown(id, '', 'Vendor')).toBe('Vendor is required');
    expect(shown(id, 'abc', 'Vendor')).toBe('Vendor must be a 24-character hexadecimal id');
    expect(shown(z.enum(['draft'], { error: 'a new study starts as a draft' }), '', 'Status')).toBe('Choose a status');
    expect(shown(z.string().max(2, 'must be at most 2 characters'), 'abc', 'Code')).toBe(
      'Code must be at most 2 characters',
    );
    const parsed = checkForm(resources.user.create, { first_name: '' }, { first_name: 'First name' });
    expect(parsed.ok ? null : parsed.errors.first_name).toBe(messages.validation.firstNameRequired);
  });

  it('words the study form sent empty and with bad values as a person reads them', () => {
    const labels = { name: 'Name', context: 'Context', sample_size: 'Sample size per cell', cells: 'Cells' };
    const empty = checkForm(
      briefCreate,
      { name: '', context: null, sample_size: null, start_date: '', end_date: '' },
      labels,
    );
    expect(empty.ok ? {} : empty.errors).toEqual({
      name: 'Name is required',
      context: 'Choose a context',
      sample_size: 'Sample size per cell is required',
      start_date: 'Start date is required',
      end_date: 'End date is required',
    });
    const bad = checkForm(
      briefCreate,
      { name: 'Cans', context: 'ctv', sample_size: 5, cells: 13, start_date: '2026-12-01', end_date: '2026-12-02' },
      labels,
    );
    expect(bad.ok ? {} : bad.errors).toEqual({
      sample_size: 'Sample size per cell must be at least 100',
      cells: 'Cells must be at most 12',
    });
  });

  it('says the date-order rule as a page does', () => {
    const range = z
      .object({ start_date: z.iso.date(), end_date: z.iso.date() })
      .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: messages.validation.endBeforeStart });
    const checked = checkForm(range, { start_date: '2026-12-10', end_date: '2026-12-01' }, {});
    expect(checked.ok ? null : checked.errors.end_date).toBe(messages.validation.endBeforeStartText);
  });
});

describe('a server’s issues on their fields', () => {
  it('puts them on their fields, first message first, prefixing bare predicates', () => {
    expect(
      issuesByField(
        [
          { path: 'name', message: 'is required' },
          { path: 'name', message: 'must be at most 200 characters' },
          { path: 'accounts.0', message: 'no such account' },
          { path: 'time_zone', message: 'Too small: expected string to have >=1 characters' },
          { path: 'recipients', message: 'Invalid option: expected one of "a"|"b"' },
          { path: 'end_date', message: messages.validation.endBeforeStart },
        ],
        { name: 'Name', accounts: 'Accounts', time_zone: 'Time zone' },
      ),
    ).toEqual({
      name: 'Name is required',
      accounts: 'Accounts no such account',
      time_zone: 'Time zone is not valid',
      recipients: 'Recipients is not valid',
      end_date: messages.validation.endBeforeStartText,
    });
    expect(fieldMessage('Email', messages.validation.invalidEmailFormat)).toBe(messages.validation.invalidEmailFormat);
  });
});

describe('the summary above a refused form', () => {
  it('names the count of fields to correct', () => {
    expect(formSummary(1)).toBe('Please correct the field marked below.');
    expect(formSummary(3)).toBe('Please correct the 3 fields marked below.');
  });
});

import { describe, expect, it } from 'vitest';
import { labelDeleteConsequence, usageText } from '../../../src/app/features/workspace/labels.ts';

describe('the label delete rule, said before the user confirms', () => {
  it('says a label nothing carries can be deleted', () => {
    expect(labelDeleteConsequence('Q4', { measurements: 0, saved_reports: 0 })).toBe(
      'No measurement or saved report carries Q4. Deleting it cannot be undone.',
    );
  });

  it('says a label in use cannot be deleted, with the counts the server refuses with', () => {
    const text = labelDeleteConsequence('Q4', { measurements: 3, saved_reports: 1 });
    expect(text).toContain('3 measurements and 1 saved report');
    expect(text).toContain('cannot be deleted');
  });

  it('states the rule itself while the counts are unknown', () => {
    expect(labelDeleteConsequence('each label', null)).toContain('cannot be deleted: remove it from them first');
  });

  it('counts in words', () => {
    expect(usageText({ measurements: 1, saved_reports: 2 })).toBe('1 measurement and 2 saved reports');
  });
});

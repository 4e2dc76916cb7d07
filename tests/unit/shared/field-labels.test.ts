/**
 * The one table of field labels: a form's labels come from it (labelsFor), so a field is called
 * the same in every form, message and change line.
 */
import { describe, expect, it } from 'vitest';
import { fieldLabel, labelsFor } from '../../../src/shared/field-labels.ts';

describe('labelsFor', () => {
  it("gives each field the table's label, and a field the table lacks its key in words", () => {
    expect(labelsFor('min_apm', 'vendor', 'first_name', 'po_number')).toEqual({
      min_apm: 'Minimum APM',
      vendor: 'Platform',
      first_name: 'First name',
      po_number: 'Po number',
    });
  });

  it('says what fieldLabel says, field by field', () => {
    const labels = labelsFor('name', 'measurement', 'email');
    for (const [field, label] of Object.entries(labels)) expect(label).toBe(fieldLabel(field));
  });
});

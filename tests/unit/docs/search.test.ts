import { describe, expect, it } from 'vitest';
import { MAX_RESULTS, searchBlocks, snippet, type SearchBlock } from '../../../src/docs/search.ts';

const blocks: SearchBlock[] = [
  {
    title: 'Formulas',
    href: '#formulas',
    text: 'aCPM Spend ÷ Total view time × 1,000. APM Total view time ÷ Measured',
  },
  { title: 'VAST verification', href: '#vast-verification', text: 'Add this AdVerifications node to the VAST 4.1 ad' },
  { title: 'Sandboxes', href: '#sandboxes', text: 'A request with the header X-Lamp-Sandbox works on its own copy' },
];

describe('the guide search', () => {
  it('finds a block holding every word, in any case', () => {
    expect(searchBlocks(blocks, 'vast AD').map((h) => h.block.href)).toEqual(['#vast-verification']);
    expect(searchBlocks(blocks, 'x-lamp-sandbox copy').map((h) => h.block.href)).toEqual(['#sandboxes']);
  });

  it('puts blocks whose title matches first', () => {
    const more: SearchBlock[] = [
      { title: 'Worked examples', href: '#worked-examples', text: 'formulas formulas formulas' },
      ...blocks,
    ];
    expect(searchBlocks(more, 'formulas')[0]?.block.href).toBe('#formulas');
  });

  it('answers nothing for an empty query or a word nowhere', () => {
    expect(searchBlocks(blocks, '   ')).toEqual([]);
    expect(searchBlocks(blocks, 'vast zebra')).toEqual([]);
  });

  it('keeps the list short', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ title: `T${i}`, href: `#t${i}`, text: 'attention' }));
    expect(searchBlocks(many, 'attention')).toHaveLength(MAX_RESULTS);
  });

  it('cuts an excerpt around the hit on word boundaries', () => {
    const text = `${'lorem ipsum '.repeat(20)}the AdVerifications node ${'dolor sit '.repeat(20)}`;
    const excerpt = snippet(text, text.indexOf('AdVerifications'));
    expect(excerpt).toContain('AdVerifications');
    expect(excerpt.startsWith('… ')).toBe(true);
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(excerpt.length).toBeLessThan(130);
  });
});

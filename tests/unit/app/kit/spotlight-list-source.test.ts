import { describe, expect, it } from 'vitest';
import { readListState } from '../../../../src/app/kit/listState.ts';
import {
  assetListSpec,
  spotlightListState,
  studyListSpec,
} from '../../../../src/app/features/spotlight/listSources.ts';

const STUDY = '0123456789abcdef01234567';

/** The Spotlight lists keep the kit's URL scheme; their source turns it into the service's list body (spec §7). */
describe('the Spotlight list source', () => {
  it("turns a shared link's page, size, sort, search and study into the service's list body", () => {
    const state = readListState(`?study=${STUDY}&q=Volt&sort=asc(noticed_pct)&page=2&size=25`, assetListSpec);
    expect(spotlightListState(state)).toEqual({
      page_num: 2,
      results_per_page: 25,
      order_by: 'noticed_pct_asc',
      filter_name: 'Volt',
      filter_brief: STUDY,
    });
  });

  it('asks for the newest ten by default, and leaves out a study id the service could not list by', () => {
    const state = readListState('?study=not-an-id&size=100', assetListSpec);
    expect(spotlightListState(state)).toEqual({ page_num: 1, results_per_page: 10, order_by: 'created_at_desc' });
  });

  it('orders only by the fields the service orders a list by', () => {
    expect(readListState('?sort=desc(objective)', studyListSpec).sort).toEqual({ id: 'created_at', direction: 'desc' });
    expect(readListState('?sort=asc(sample_size)', studyListSpec).sort).toEqual({
      id: 'sample_size',
      direction: 'asc',
    });
  });
});

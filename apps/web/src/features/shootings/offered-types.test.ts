import { describe, expect, it } from 'vitest';
import { offeredTypes } from './offered-types';

describe('offeredTypes', () => {
  it.each([
    [[], ['STANDARD', 'VIDEO', 'INSPECTION', 'INSPECTION_REPAIR_ORDER']],
    [
      ['VIDEO', 'PROCESS', 'INSPECT'],
      ['STANDARD', 'VIDEO', 'INSPECTION', 'INSPECTION_REPAIR_ORDER'],
    ],
    [['PROCESS'], ['STANDARD', 'VIDEO']],
    [['VIDEO'], ['STANDARD', 'VIDEO']],
    [['INSPECT_REPAIR_ORDER'], ['INSPECTION', 'INSPECTION_REPAIR_ORDER']],
  ])('models %j offer %j', (models, types) => {
    expect(offeredTypes(models)).toEqual(types);
  });
});

import { NO_VEHICLE_ERROR } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { pictureNumber, resultOf } from './edit-results';

describe('edit results (spec section 8)', () => {
  it('maps cropping outcomes', () => {
    expect(resultOf('CROPPING', { edit: {} })).toEqual({ success: true, messageKey: 'editing.applyCroppingDone' });
    expect(resultOf('CROPPING', { edit: { error: 'The picture file is damaged' } })).toEqual({
      success: false,
      messageKey: 'editing.commonErrorMessage',
    });
    // A picture without a vehicle says so, rather than asking for a reload that would not help.
    expect(resultOf('CROPPING', { edit: { error: NO_VEHICLE_ERROR } })).toEqual({
      success: false,
      messageKey: 'editing.noVehicle',
    });
    expect(resultOf('CROPPING', { failure: new ApiError(400, 'VALIDATION_ERROR', 'bad') })).toEqual({
      success: false,
      messageKey: 'editing.errorApplyCropping',
    });
  });

  it('maps licence-plate outcomes, a cancelled call (100) apart', () => {
    expect(resultOf('LICENSE_PLATE_COVER', { edit: {} })).toEqual({
      success: true,
      messageKey: 'editing.validApplyLicensePlateCover',
    });
    expect(resultOf('LICENSE_PLATE_COVER', { failure: new ApiError(100, 'CANCELLED', 'cancelled') }).messageKey).toBe(
      'editing.errorApplyLicensePlateCover',
    );
    expect(resultOf('LICENSE_PLATE_COVER', { failure: new ApiError(500, 'TIMEOUT', 'slow') }).messageKey).toBe(
      'editing.commonErrorMessage',
    );
    expect(resultOf('LICENSE_PLATE_COVER', { edit: { error: 'The picture file is damaged' } }).messageKey).toBe(
      'editing.commonErrorMessage',
    );
  });

  it('numbers pictures from 1 whether the shooting counts its positions from 0 or from 1', () => {
    const fromZero = [0, 1, 2, 1].map((order) => ({ order }));
    const fromOne = [1, 2, 3].map((order) => ({ order }));
    expect([0, 1, 2].map((o) => pictureNumber(fromZero, o))).toEqual([1, 2, 3]);
    expect([1, 2, 3].map((o) => pictureNumber(fromOne, o))).toEqual([1, 2, 3]);
  });
});

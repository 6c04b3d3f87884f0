import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { boardErrorKey } from './board-errors';

describe('the user board’s refusals as a manager reads them', () => {
  it('names a deactivated group, then the refusal’s code, else the common error', () => {
    expect(boardErrorKey(new ApiError(409, 'CONFLICT', 'x', { reason: 'GROUP_DEACTIVATED' }))).toBe(
      'boardGroups.groupDeactivated',
    );
    expect(boardErrorKey(new ApiError(409, 'CONFLICT', 'x', { reason: 'EMAIL_TAKEN', field: 'email' }))).toBe(
      'adminMessages.emailTaken',
    );
    expect(boardErrorKey(new ApiError(409, 'CONFLICT', 'x', { reason: 'OWN_ACCOUNT' }))).toBe(
      'adminMessages.ownAccount',
    );
    expect(boardErrorKey(new ApiError(409, 'CONFLICT', 'x'))).toBe('users.errors.CONFLICT');
    expect(boardErrorKey(new ApiError(403, 'FORBIDDEN', 'x', [{ field: 'roles' }]))).toBe('users.errors.FORBIDDEN');
    expect(boardErrorKey(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe('api.commonError');
  });
});

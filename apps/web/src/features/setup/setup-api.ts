import { SetupResult, SetupStatus, type SetupRequest } from '@forecourt/contracts';
import { request } from '../../api/http';

// Public calls: nobody is signed in during the first run.
export const getSetupStatus = () => request('/api/setup', { schema: SetupStatus, anonymous: true });

export const checkSetupCode = (code: string) =>
  request('/api/setup/code', { method: 'POST', body: { code }, anonymous: true });

export const completeSetup = (body: SetupRequest) =>
  request('/api/setup', { method: 'POST', body, schema: SetupResult, anonymous: true });

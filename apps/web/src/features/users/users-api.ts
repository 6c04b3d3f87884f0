import {
  BoardGrants,
  BoardUser,
  BoardUsersPage,
  InvitationAccepted,
  InvitationInfo,
  UserImportResult,
  type BoardUserInvite,
  type BoardUserUpdate,
} from '@forecourt/contracts/user-board';
import { request } from '../../api/http';

// `group`: the dealer group the board works on (provider administrators only); the caller's own when undefined.
export const fetchUsers = (q: string, page: number, pageSize: number, group?: string) =>
  request('/api/user-board/users', { query: { q, page, pageSize, group }, schema: BoardUsersPage });
export const fetchGrants = (group?: string) =>
  request('/api/user-board/grants', { query: { group }, schema: BoardGrants });
export const fetchUser = (id: string, group?: string) =>
  request(`/api/user-board/users/${encodeURIComponent(id)}`, { query: { group }, schema: BoardUser });
export const inviteUser = (body: BoardUserInvite, group?: string) =>
  request('/api/user-board/users', { method: 'POST', query: { group }, body, schema: BoardUser });
export const updateUser = (id: string, body: BoardUserUpdate, group?: string) =>
  request(`/api/user-board/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    query: { group },
    body,
    schema: BoardUser,
  });
/** What the board does to one account (`POST /api/user-board/users/:id/<action>`). */
export type AccountAction = 'invitation' | 'deactivate' | 'reactivate' | 'password-reset';

export const userAction = (id: string, action: AccountAction, group?: string) =>
  request(`/api/user-board/users/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    query: { group },
    schema: BoardUser,
  });
export const importUsers = (csv: string, dryRun: boolean, group?: string) =>
  request('/api/user-board/import', {
    method: 'POST',
    query: { dryRun, group },
    body: { csv },
    schema: UserImportResult,
    timeoutMs: 120_000,
  });

export const fetchInvitation = (token: string) =>
  request(`/api/invitations/${encodeURIComponent(token)}`, { anonymous: true, schema: InvitationInfo });
export const acceptInvitation = (token: string, password: string) =>
  request(`/api/invitations/${encodeURIComponent(token)}`, {
    method: 'POST',
    anonymous: true,
    body: { password },
    schema: InvitationAccepted,
  });

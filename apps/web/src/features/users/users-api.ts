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

export const fetchUsers = (q: string, page: number, pageSize: number) =>
  request('/api/user-board/users', { query: { q, page, pageSize }, schema: BoardUsersPage });
export const fetchGrants = () => request('/api/user-board/grants', { schema: BoardGrants });
export const fetchUser = (id: string) =>
  request(`/api/user-board/users/${encodeURIComponent(id)}`, { schema: BoardUser });
export const inviteUser = (body: BoardUserInvite) =>
  request('/api/user-board/users', { method: 'POST', body, schema: BoardUser });
export const updateUser = (id: string, body: BoardUserUpdate) =>
  request(`/api/user-board/users/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: BoardUser });
export const userAction = (id: string, action: 'invitation' | 'deactivate' | 'reactivate') =>
  request(`/api/user-board/users/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: BoardUser });
export const importUsers = (csv: string, dryRun: boolean) =>
  request('/api/user-board/import', {
    method: 'POST',
    query: { dryRun },
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

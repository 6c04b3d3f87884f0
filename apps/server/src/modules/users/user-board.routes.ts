import {
  BoardGrants,
  BoardGroupQuery,
  BoardUser,
  BoardUserInvite,
  BoardUsersPage,
  BoardUsersQuery,
  BoardUserUpdate,
  InvitationAccept,
  InvitationAccepted,
  InvitationInfo,
  UserIdParams,
  UserImportBody,
  UserImportQuery,
  USER_IMPORT_MAX_CHARS,
  UserImportResult,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app-types';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { acceptInvitation, invitationInfo } from './invitations.service';
import { sendPasswordReset } from './password-reset.service';
import {
  boardGrants,
  deactivateUser,
  getBoardUser,
  inviteUser,
  listBoardUsers,
  reactivateUser,
  resendInvitation,
  updateBoardUser,
  type UserBoardDeps,
} from './user-board.service';
import { importUsers } from './user-import.service';

const TokenParams = z.object({ token: z.string().min(20).max(100) });

/** The user board (manage-users) and the public invitation page's two calls. */
export async function userBoardRoutes(app: App, deps: { auth: Auth; board: UserBoardDeps }): Promise<void> {
  const { auth, board } = deps;
  // Every call may name the dealer group it works on (`?group=`, provider administrators only).
  const ofUser = { params: UserIdParams, querystring: BoardGroupQuery, response: { 200: BoardUser } };

  app.get(
    '/api/user-board/users',
    { preHandler: auth.requireUser, schema: { querystring: BoardUsersQuery, response: { 200: BoardUsersPage } } },
    async (request) => listBoardUsers(board, currentUser(request), request.query),
  );
  app.get(
    '/api/user-board/grants',
    { preHandler: auth.requireUser, schema: { querystring: BoardGroupQuery, response: { 200: BoardGrants } } },
    async (request) => boardGrants(board, currentUser(request), request.query.group),
  );
  app.post(
    '/api/user-board/users',
    {
      preHandler: auth.requireUser,
      schema: { querystring: BoardGroupQuery, body: BoardUserInvite, response: { 201: BoardUser } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const invited = await inviteUser(board, user, request.body, auditContextOf(request, user), request.query.group);
      return reply.status(201).send(invited);
    },
  );
  app.get('/api/user-board/users/:id', { preHandler: auth.requireUser, schema: ofUser }, async (request) =>
    getBoardUser(board, currentUser(request), request.params.id, request.query.group),
  );
  app.put(
    '/api/user-board/users/:id',
    { preHandler: auth.requireUser, schema: { ...ofUser, body: BoardUserUpdate } },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      return updateBoardUser(board, user, id, request.body, auditContextOf(request, user), request.query.group);
    },
  );
  for (const [action, run] of [
    ['invitation', resendInvitation],
    ['deactivate', deactivateUser],
    ['reactivate', reactivateUser],
    ['password-reset', sendPasswordReset],
  ] as const)
    app.post(
      `/api/user-board/users/:id/${action}`,
      { preHandler: auth.requireUser, schema: ofUser },
      async (request) => {
        const user = currentUser(request);
        return run(board, user, request.params.id, auditContextOf(request, user), request.query.group);
      },
    );

  app.post(
    '/api/user-board/import',
    {
      preHandler: auth.requireUser,
      // The file's text, JSON-escaped, may be a little over its character limit.
      bodyLimit: 2 * USER_IMPORT_MAX_CHARS,
      schema: { querystring: UserImportQuery, body: UserImportBody, response: { 200: UserImportResult } },
    },
    async (request) => {
      const user = currentUser(request);
      const { dryRun, group } = request.query;
      return importUsers(board, user, request.body.csv, { dryRun, group }, auditContextOf(request, user));
    },
  );

  app.get(
    '/api/invitations/:token',
    { schema: { params: TokenParams, response: { 200: InvitationInfo } } },
    async (request) => invitationInfo(board, request.params.token),
  );
  app.post(
    '/api/invitations/:token',
    { schema: { params: TokenParams, body: InvitationAccept, response: { 200: InvitationAccepted } } },
    async (request) => acceptInvitation(board, request.params.token, request.body, request.ip || null),
  );
}

import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../auth/auth-context';
import { renderAsUser } from '../../test/render';
import { fetchGroups } from '../settings/settings-api';
import { fetchUsers } from './users-api';
import { UsersPage } from './users-page';

vi.mock('../../auth/auth-context', () => ({ useAuth: vi.fn() }));
vi.mock('./users-api', () => ({ fetchUsers: vi.fn() }));
vi.mock('../settings/settings-api', () => ({ fetchGroups: vi.fn() }));

const signedInAs = (roles: string[], habilitations: string[] = []) =>
  vi.mocked(useAuth).mockReturnValue({
    user: { profile: { preferred_username: '6f1c2a4e-8b0d-4f7a-9c3e-2d5b7a9e1f40', roles, habilitations } },
  } as unknown as ReturnType<typeof useAuth>);

beforeEach(() => {
  vi.mocked(fetchUsers).mockReset();
  vi.mocked(fetchGroups).mockReset().mockResolvedValue([]);
  vi.mocked(fetchUsers).mockResolvedValue({ group: { id: 'g1', name: 'Demo Motors' }, items: [], total: 0 });
});

describe('the user board page', () => {
  it('asks the server nothing for a salesperson without manage-users (who is sent away)', () => {
    signedInAs(['sales'], ['PROVIDER_ADMINISTRATOR']);
    renderAsUser(<UsersPage />);
    // render() flushes the mount effects, where a query starts its first fetch.
    expect(fetchUsers).not.toHaveBeenCalled();
    expect(fetchGroups).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('loads the board for a manager', async () => {
    signedInAs(['manage-users']);
    renderAsUser(<UsersPage />);
    await waitFor(() => expect(fetchUsers).toHaveBeenCalled());
    expect(fetchGroups).not.toHaveBeenCalled();
  });
});

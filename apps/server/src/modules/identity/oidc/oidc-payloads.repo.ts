import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';

/**
 * oidc-provider storage in the `oidc_payloads` table: one row per model and id, so sessions, codes and
 * refresh tokens survive restarts and are shared by every API process.
 */
export function databaseAdapter(db: Db, clock: Clock): (model: string) => Adapter {
  return (model) => {
    const live = (payload: string, expiresAt: string | null, consumedAt: string | null): AdapterPayload | undefined => {
      if (expiresAt && expiresAt <= clock.now().toISOString()) return undefined;
      const parsed = JSON.parse(payload) as AdapterPayload;
      return consumedAt ? { ...parsed, consumed: Math.floor(Date.parse(consumedAt) / 1000) } : parsed;
    };
    const findBy = async (column: 'id' | 'uid' | 'user_code', value: string) => {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at as expiresAt', 'consumed_at as consumedAt'])
        .where('model', '=', model)
        .where(column, '=', value)
        .executeTakeFirst();
      return row ? live(row.payload, row.expiresAt, row.consumedAt) : undefined;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(clock.now().getTime() + expiresIn * 1000).toISOString() : null;
        const values = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresAt,
        };
        await db
          .insertInto('oidc_payloads')
          .values({ model, id, consumed_at: null, ...values })
          .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
          .execute();
        // Expired rows are dead weight: each write sweeps a few of this model.
        await db
          .deleteFrom('oidc_payloads')
          .where('model', '=', model)
          .where('expires_at', '<', clock.now().toISOString())
          .execute();
      },
      find: (id) => findBy('id', id),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('user_code', userCode),
      async consume(id) {
        await db
          .updateTable('oidc_payloads')
          .set({ consumed_at: clock.now().toISOString() })
          .where('model', '=', model)
          .where('id', '=', id)
          .execute();
      },
      async destroy(id) {
        await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
      },
    };
  };
}

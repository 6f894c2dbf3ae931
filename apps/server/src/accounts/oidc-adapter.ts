import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/schema';
import { oidcPayloadRepository } from './oidc-payload-repository';

/**
 * oidc-provider's storage in PostgreSQL, so sign-in state survives restarts
 * and is shared by every instance.
 */
export function pgAdapterFactory(db: Db) {
  const payloads = oidcPayloadRepository(db);
  return class PgAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await payloads.upsert(this.model, id, payload, expiresIn ? new Date(Date.now() + expiresIn * 1000) : null);
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await payloads.find(this.model, column, value);
      if (!row) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    consume(id: string): Promise<void> {
      return payloads.consume(this.model, id);
    }

    destroy(id: string): Promise<void> {
      return payloads.destroy(this.model, id);
    }

    revokeByGrantId(grantId: string): Promise<void> {
      return payloads.revokeByGrantId(grantId);
    }
  };
}

import { CODE, type ResultCode } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import type { Repos } from '../repositories/index.js';
import type { Caller, ServiceContext } from './context.js';

/**
 * Writes sign-in attempts and account operations to the user's logs. Never secrets. Inside a
 * unit of work, pass its `repos` so the row stands or falls with the operation it records.
 */
export function auditService(ctx: ServiceContext) {
  return {
    async signIn(entry: {
      userRef: number | null;
      account: string;
      optType: string;
      app?: { id: number; appName: string } | null;
      result: ResultCode;
      caller: Caller;
    }): Promise<void> {
      await ctx.repos.loginHistory.insert({
        userRef: entry.userRef,
        account: entry.account.slice(0, LIMITS.accountMax),
        optType: entry.optType,
        appRef: entry.app?.id ?? null,
        appName: entry.app?.appName ?? null,
        success: entry.result === CODE.ok,
        loginMsg: entry.result,
        ip: entry.caller.ip,
        deviceId: entry.caller.deviceId,
        deviceName: entry.caller.deviceName,
        createdAt: ctx.clock.now(),
      });
    },
    async operation(userRef: number, sceneCode: string, caller: Caller, detail: string | null = null, repos: Repos = ctx.repos): Promise<void> {
      await repos.operationLog.insert({
        userRef,
        sceneCode,
        detail,
        ip: caller.ip,
        ipRegion: null,
        createdAt: ctx.clock.now(),
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;

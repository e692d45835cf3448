import { CODE, type ResultCode } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import type { Caller, ServiceContext } from './context.js';

/** Writes sign-in attempts and account operations to the user's logs. Never secrets. */
export function auditService(ctx: ServiceContext) {
  return {
    async signIn(entry: {
      userRef: number | null;
      account: string;
      optType: string;
      app?: { id: number; app_name: string } | null;
      result: ResultCode;
      caller: Caller;
    }): Promise<void> {
      await ctx.repos.loginHistory.insert({
        user_ref: entry.userRef,
        account: entry.account.slice(0, LIMITS.accountMax),
        opt_type: entry.optType,
        app_ref: entry.app?.id ?? null,
        app_name: entry.app?.app_name ?? null,
        is_success: entry.result === CODE.ok ? 1 : 0,
        login_msg: entry.result,
        ip: entry.caller.ip,
        device_id: entry.caller.deviceId,
        device_name: entry.caller.deviceName,
        created_at: ctx.clock.now(),
      });
    },
    async operation(userRef: number, sceneCode: string, caller: Caller, detail: string | null = null): Promise<void> {
      await ctx.repos.operationLog.insert({
        user_ref: userRef,
        scene_code: sceneCode,
        detail,
        ip: caller.ip,
        ip_region: null,
        created_at: ctx.clock.now(),
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;

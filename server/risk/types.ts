import type { RiskSignal } from '../../contract/schemas/risk.js';
import type { Caller } from '../composition/context.js';

/** Tells a person of a sign-in from a new device or network (server/risk/alerts.ts); never throws into the sign-in. */
export interface SignInAlerts {
  raise(input: { user: { id: number; mobileNo: string | null }; signals: RiskSignal[]; place: string | null; caller: Caller }): Promise<void>;
}

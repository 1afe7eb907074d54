import { DEFAULT_MEMBER_SETTINGS, type MemberSettings, type MemberSettingsPatch } from '@drama/contracts';
import type { AppContext } from '../../platform/context.js';
import * as queries from './queries.js';
import type { SwitchRow } from './queries.js';

function present(row: SwitchRow | undefined): MemberSettings {
  if (!row) return DEFAULT_MEMBER_SETTINGS;
  return {
    notifications: { updates: row.notify_updates, messages: row.notify_messages },
    privacy: { history: row.record_history, recommendations: row.personalised },
  };
}

function columnsOf(patch: MemberSettingsPatch): Partial<SwitchRow> {
  const changes: Partial<SwitchRow> = {};
  if (patch.notifications?.updates !== undefined) changes.notify_updates = patch.notifications.updates;
  if (patch.notifications?.messages !== undefined) changes.notify_messages = patch.notifications.messages;
  if (patch.privacy?.history !== undefined) changes.record_history = patch.privacy.history;
  if (patch.privacy?.recommendations !== undefined) changes.personalised = patch.privacy.recommendations;
  return changes;
}

/**
 * A member's switches as the server keeps them. Other modules ask here (or join
 * `switchIsOn` into their own statements) before they record history, make a notice, send a
 * push or personalise a list.
 */
export class MemberSettingsService {
  constructor(private readonly ctx: AppContext) {}

  async get(userId: number): Promise<MemberSettings> {
    return present(await queries.findSwitches(this.ctx.db, userId));
  }

  async update(userId: number, patch: MemberSettingsPatch): Promise<MemberSettings> {
    return present(await queries.updateSwitches(this.ctx.db, userId, columnsOf(patch)));
  }

  /** Whether history is recorded for this member. */
  async recordsHistory(userId: number): Promise<boolean> {
    return (await this.get(userId)).privacy.history;
  }

  /** Whether this member's lists are personalised. */
  async personalised(userId: number): Promise<boolean> {
    return (await this.get(userId)).privacy.recommendations;
  }
}

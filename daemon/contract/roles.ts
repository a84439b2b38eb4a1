// Roles and statuses of every entity (spec 1 §3, spec 3 §4). Numbers are the wire values.
export const Role = { guest: 0, user: 1, agent: 10, admin: 100 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];
export type RoleName = 'user' | 'agent' | 'admin';
/** Role >= 100 is an administrator; 10 an agent; 1 a normal user. */
export const roleAtLeast = (role: number, needed: RoleName): boolean => role >= Role[needed];
export const roleName = (role: number): RoleName => (role >= Role.admin ? 'admin' : role >= Role.agent ? 'agent' : 'user');

export const UserStatus = { enabled: 1, disabled: 2, other: 3 } as const;
export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;
export const ChannelStatus = { unknown: 0, enabled: 1, disabled: 2, autoDisabled: 3 } as const;
export const RedemptionStatus = { unused: 1, disabled: 2, used: 3 } as const;
export const LogType = { unknown: 0, topup: 1, consume: 2, manage: 3, system: 4, agentShare: 5, error: 6 } as const;
export const BillingType = { perUsage: 0, perCall: 1 } as const;

export const TopUpStatus = { success: 'success', pending: 'pending', fail: 'fail', manual: '0' } as const;
export const InvoiceStatus = { pending: '0', done: '1', rejected: '2', failed: '3' } as const;
export const SettlementStatus = { pending: 'pending', completed: 'completed', cancelled: 'cancelled', failed: 'failed' } as const;
export type SettlementStatus = (typeof SettlementStatus)[keyof typeof SettlementStatus];

export const MjTaskStatus = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'MODAL'] as const;
export const MjActions = [
  'IMAGINE', 'UPSCALE', 'VARIATION', 'HIGH_VARIATION', 'LOW_VARIATION', 'PAN', 'DESCRIBE', 'BLEND', 'UPLOAD',
  'SHORTEN', 'REROLL', 'INPAINT', 'ZOOM', 'CUSTOM_ZOOM', 'MODAL', 'SWAP_FACE', 'UPSCALE_CREATIVE', 'UPSCALE_SUBTILE',
  'EDITS', 'VIDEO',
] as const;
export const TaskStatus = ['', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'QUEUED', 'SUCCESS', 'FAILURE', 'UNKNOWN'] as const;
export const TaskPlatforms = [
  'suno', 'flux-task', 'luma-task', 'udio-task', 'runway-task-g', 'runway-task-act', 'runway-task-video',
  'runway-task', 'pixverse-task', 'veo-task',
] as const;

/** 500000 quota = 1 US dollar (spec 2 §9). */
export const DEFAULT_QUOTA_PER_UNIT = 500000;

export declare const Role: {
    readonly guest: 0;
    readonly user: 1;
    readonly agent: 10;
    readonly admin: 100;
};
export type RoleValue = (typeof Role)[keyof typeof Role];
export type RoleName = 'user' | 'agent' | 'admin';
/** Role >= 100 is an administrator; 10 an agent; 1 a normal user. */
export declare const roleAtLeast: (role: number, needed: RoleName) => boolean;
export declare const roleName: (role: number) => RoleName;
export declare const UserStatus: {
    readonly enabled: 1;
    readonly disabled: 2;
    readonly other: 3;
};
export declare const TokenStatus: {
    readonly enabled: 1;
    readonly disabled: 2;
    readonly expired: 3;
    readonly exhausted: 4;
};
export declare const ChannelStatus: {
    readonly unknown: 0;
    readonly enabled: 1;
    readonly disabled: 2;
    readonly autoDisabled: 3;
};
export declare const RedemptionStatus: {
    readonly unused: 1;
    readonly disabled: 2;
    readonly used: 3;
};
export declare const LogType: {
    readonly unknown: 0;
    readonly topup: 1;
    readonly consume: 2;
    readonly manage: 3;
    readonly system: 4;
    readonly agentShare: 5;
    readonly error: 6;
};
export declare const BillingType: {
    readonly perUsage: 0;
    readonly perCall: 1;
};
export declare const TopUpStatus: {
    readonly success: "success";
    readonly pending: "pending";
    readonly fail: "fail";
    readonly manual: "0";
};
export declare const InvoiceStatus: {
    readonly pending: "0";
    readonly done: "1";
    readonly rejected: "2";
    readonly failed: "3";
};
export declare const SettlementStatus: {
    readonly pending: "pending";
    readonly completed: "completed";
    readonly cancelled: "cancelled";
    readonly failed: "failed";
};
export declare const MjTaskStatus: readonly ["SUCCESS", "NOT_START", "SUBMITTED", "IN_PROGRESS", "FAILURE", "MODAL"];
export declare const MjActions: readonly ["IMAGINE", "UPSCALE", "VARIATION", "HIGH_VARIATION", "LOW_VARIATION", "PAN", "DESCRIBE", "BLEND", "UPLOAD", "SHORTEN", "REROLL", "INPAINT", "ZOOM", "CUSTOM_ZOOM", "MODAL", "SWAP_FACE", "UPSCALE_CREATIVE", "UPSCALE_SUBTILE", "EDITS", "VIDEO"];
export declare const TaskStatus: readonly ["", "NOT_START", "SUBMITTED", "IN_PROGRESS", "QUEUED", "SUCCESS", "FAILURE", "UNKNOWN"];
export declare const TaskPlatforms: readonly ["suno", "flux-task", "luma-task", "udio-task", "runway-task-g", "runway-task-act", "runway-task-video", "runway-task", "pixverse-task", "veo-task"];
/** 500000 quota = 1 US dollar (spec 2 §9). */
export declare const DEFAULT_QUOTA_PER_UNIT = 500000;

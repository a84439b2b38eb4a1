// First-run setup (spec 3 "Setup wizard", reference §2.7).
export type DatabaseType = 'sqlite' | 'postgres' | 'mysql';
export type UsageMode = 'external' | 'self' | 'demo';

/** GET /api/setup. Before setup: {status:false, root_init, database_type}; after: {status:true, ...}. */
export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: DatabaseType;
}

export interface SetupRequest {
  username?: string;
  password?: string;
  confirmPassword?: string;
  SelfUseModeEnabled?: boolean;
  DemoSiteEnabled?: boolean;
}

export const usageModeFlags = (mode: UsageMode) => ({
  SelfUseModeEnabled: mode === 'self',
  DemoSiteEnabled: mode === 'demo',
});

export const SETUP_PASSWORD_MIN = 8;
/** The console reloads this long after a successful setup (spec 3 §9). */
export const SETUP_RELOAD_DELAY_MS = 1500;

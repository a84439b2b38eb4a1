// The settings tabs of spec 2 §2, declared once: each tab's component lives in its own folder and is added here.
import type { ComponentType } from 'react';
import type { RoleName } from '@contract/roles';
import { PersonalTab } from './personal/PersonalTab';
import { OperationTab } from './operation/OperationTab';
import { RateLimitTab } from './ratelimit/RateLimitTab';
import { ModelsTab } from './models/ModelsTab';
import { SystemTab } from './system/SystemTab';
import { OtherTab } from './other/OtherTab';
import { MenusTab } from './menus/MenusTab';

export interface SettingTab {
  /** The `?tab=` value. */
  key: string;
  /** i18n key of the tab title. */
  title: string;
  /** Lowest role that sees the tab. */
  minRole: RoleName;
  Tab: ComponentType;
}

export const SETTING_TABS: readonly SettingTab[] = [
  { key: 'personal', title: 'setting.personalTab', minRole: 'user', Tab: PersonalTab },
  { key: 'operation', title: 'settingOperation.tab', minRole: 'agent', Tab: OperationTab },
  { key: 'ratelimit', title: 'settingRateLimit.tab', minRole: 'admin', Tab: RateLimitTab },
  { key: 'models', title: 'settingModels.tab', minRole: 'admin', Tab: ModelsTab },
  { key: 'system', title: 'siteSetting.tab.system', minRole: 'agent', Tab: SystemTab },
  { key: 'other', title: 'siteSetting.tab.other', minRole: 'agent', Tab: OtherTab },
  { key: 'menus', title: 'siteSetting.tab.menus', minRole: 'agent', Tab: MenusTab },
];

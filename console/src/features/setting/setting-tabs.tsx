// The settings tabs of spec 2 §2, declared once: each tab's component lives in its own folder and is added here.
import type { ComponentType } from 'react';
import { agentOptionKeys, optionDef, type OptionTab } from '@contract/options';
import { roleAtLeast, type RoleName } from '@contract/roles';
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

/** Agents see an option tab only when it holds white-label keys, the only ones they may edit (design agents.md §5). */
const agentTab = (tab: OptionTab): RoleName => (agentOptionKeys.some((k) => optionDef(k).tab === tab) ? 'agent' : 'admin');

export const SETTING_TABS: readonly SettingTab[] = [
  { key: 'personal', title: 'setting.personalTab', minRole: 'user', Tab: PersonalTab },
  { key: 'operation', title: 'settingOperation.tab', minRole: agentTab('operation'), Tab: OperationTab },
  { key: 'ratelimit', title: 'settingRateLimit.tab', minRole: 'admin', Tab: RateLimitTab },
  { key: 'models', title: 'settingModels.tab', minRole: 'admin', Tab: ModelsTab },
  { key: 'system', title: 'siteSetting.tab.system', minRole: agentTab('system'), Tab: SystemTab },
  { key: 'other', title: 'siteSetting.tab.other', minRole: agentTab('other'), Tab: OtherTab },
  { key: 'menus', title: 'siteSetting.tab.menus', minRole: agentTab('menus'), Tab: MenusTab },
];

/** The tabs a role sees, in order. */
export const settingTabsFor = (role: number): SettingTab[] => SETTING_TABS.filter((tab) => roleAtLeast(role, tab.minRole));

// The settings tabs of spec 2 §2, declared once: each tab's component lives in its own folder and is added here.
import type { ComponentType } from 'react';
import type { RoleName } from '@contract/roles';
import { PersonalTab } from './personal/PersonalTab';

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
];

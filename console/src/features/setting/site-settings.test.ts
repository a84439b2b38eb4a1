import { describe, expect, it } from 'vitest';
import { optionKeysIn, optionSections, type OptionTab } from '@contract/options';
import zh from './site-settings.zh-CN.json';
import en from './site-settings.en-US.json';

type Texts = typeof en;
const TABS: OptionTab[] = ['system', 'other', 'menus'];

describe('site settings texts', () => {
  // The tabs are built from the registry: a key or section added there must come with its texts.
  it.each([['zh-CN', zh as Texts], ['en-US', en]])('name every section and key of the system, other and menus tabs (%s)', (_, texts) => {
    const t = texts.siteSetting as unknown as { section: Record<string, { title?: string }>; field: Record<string, { label?: string }> };
    const missing: string[] = [];
    for (const tab of TABS) {
      for (const section of optionSections(tab)) if (!t.section[section]?.title) missing.push(`section ${section}`);
      for (const key of optionKeysIn(tab)) if (!t.field[key]?.label) missing.push(`key ${key}`);
    }
    expect(missing).toEqual([]);
  });
});

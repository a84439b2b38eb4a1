// The operation tab (spec 2 §2): the registry's operation sections in order (general, drawing, sensitive words, logs,
// data dashboard, monitoring, quota), then the ratio settings with their own sub-tabs. Agents see only the keys of
// their scope (spec 2 §6); a section left empty is not shown.
import { RegistryTab } from '../options/RegistryTab';
import { LogCleanup } from './LogCleanup';
import { RatioSettings } from './ratio/RatioSettings';

export function OperationTab() {
  return (
    <RegistryTab
      tab="operation"
      fieldText="settingOperation.field"
      sectionText="settingOperation.section"
      sections={{ log: { children: () => <LogCleanup /> }, ratio: { replace: <RatioSettings /> } }}
    />
  );
}

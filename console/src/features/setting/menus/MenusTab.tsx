// The menus tab (spec 2 §2): switches for the side-menu, navigation and workbench entries (saved at once) and the
// four JSON blocks (API address list, API load, API key list, common questions), each checked as JSON before it is
// sent (spec 2 §5). Password login is shown here too: turning it off from this form is blocked by the same
// confirmation dialog (spec 2 §4).
import { RegistryTab } from '../options/RegistryTab';

export function MenusTab() {
  return (
    <RegistryTab
      tab="menus"
      fieldText="siteSetting.field"
      sectionText="siteSetting.section"
      sections={{ toggles: { include: ['PasswordLoginEnabled'] }, content: { fields: { ApiAddress: { rows: 6 }, ApiLoad: { rows: 6 }, ApiSk: { rows: 6 }, CommonQuestion: { rows: 6 } } } }}
    />
  );
}

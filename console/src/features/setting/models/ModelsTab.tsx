// The models tab (spec 2 §2, super admin): Gemini and Claude settings (safety, versions, image models, thinking
// adapter, headers, default max tokens), request pass-through and the keep-alive ping of streams.
import { RegistryTab } from '../options/RegistryTab';

export function ModelsTab() {
  return <RegistryTab tab="models" fieldText="settingModels.field" sectionText="settingModels.section" />;
}

// The rate limit tab (spec 2 §2, super admin): per-user model request throttling over a period (reference §10).
import { RegistryTab } from '../options/RegistryTab';

export function RateLimitTab() {
  return <RegistryTab tab="ratelimit" fieldText="settingRateLimit.field" sectionText="settingRateLimit.section" />;
}

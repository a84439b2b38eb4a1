import { AccountCard } from '../AccountCard';

/** The personal tab (spec 1 "Personal settings"): one card per concern, stacked. */
export function PersonalTab() {
  return <AccountCard />;
}

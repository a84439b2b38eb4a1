import { Space } from '@arco-design/web-react';
import { AccountCard } from '../AccountCard';
import { SelfUserProvider, useSelfUser } from './self-user';
import { InviteCard } from './InviteCard';
import { BindingsCard } from './BindingsCard';
import { NotifySettingsCard } from './NotifySettingsCard';
import { SecurityCard } from './SecurityCard';
import { ModelsCard } from './ModelsCard';

/** The account card first; the other cards once the user's record is in (they all read it). */
function PersonalCards() {
  const { self, version } = useSelfUser();
  return (
    <Space direction="vertical" size="medium" style={{ width: '100%' }}>
      {/* keyed on the reload count: a transfer changes the balance it shows */}
      <AccountCard key={version} />
      {self && (
        <>
          <InviteCard />
          <BindingsCard />
          <NotifySettingsCard />
          <SecurityCard />
          <ModelsCard />
        </>
      )}
    </Space>
  );
}

/** The personal tab (spec 1 "Personal settings"): one card per concern, stacked. */
export function PersonalTab() {
  return (
    <SelfUserProvider>
      <PersonalCards />
    </SelfUserProvider>
  );
}

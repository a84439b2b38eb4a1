// /agents (spec 3 "Agents page"): ?tab=agentTable (admins: the agent list and the add-agent drawer), agentRule (the
// rules, for everyone), agentInfos (an agent's counters, payout account, settlement request and records; for
// admins every agent's settlement records to review), orderTables (admins and agents: profit orders). Tabs a
// role may not use are not shown; an unknown or forbidden ?tab= opens the role's default.
import { useMemo } from 'react';
import { Card, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AgentTab } from '@contract/agents';
import { roleName } from '@contract/roles';
import { useApi } from '../../api/ApiProvider';
import { useUser } from '../auth/UserProvider';
import { agentsApi } from './agents.api';
import { activeTab, tabsFor } from './agent-format';
import { AgentTableTab } from './AgentTableTab';
import { AgentRuleTab } from './AgentRuleTab';
import { AgentInfoTab } from './AgentInfoTab';
import { SettlementRecords } from './SettlementRecords';
import { ProfitOrdersTab } from './ProfitOrdersTab';

export function AgentsPage() {
  const { t } = useTranslation();
  const client = useApi();
  const { user } = useUser();
  const role = roleName(user?.role ?? 0);
  const admin = role === 'admin';
  const api = useMemo(() => agentsApi(client, admin), [client, admin]);
  const [params, setParams] = useSearchParams();
  const active = activeTab(role, params.get('tab'));

  const body = (tab: AgentTab) => {
    switch (tab) {
      case 'agentTable':
        return <AgentTableTab api={api} />;
      case 'agentRule':
        return <AgentRuleTab api={api} />;
      case 'agentInfos':
        return admin ? <SettlementRecords api={api} admin /> : <AgentInfoTab api={api} />;
      case 'orderTables':
        return <ProfitOrdersTab api={api} admin={admin} />;
    }
  };

  return (
    <Card title={t('agents.title')} data-testid="agents-page">
      <Tabs activeTab={active} onChange={(key) => setParams({ tab: key }, { replace: true })} lazyload destroyOnHide>
        {tabsFor(role).map((tab) => (
          <Tabs.TabPane key={tab} title={t(`agents.tab.${tab}`)}>
            {body(tab)}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </Card>
  );
}

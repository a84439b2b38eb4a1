// ?tab=agentInfos for an agent (design agents.md §3): its counters (GET /api/user/agents, data.items[0]), the account
// it is paid to (PUT /api/user/agent; WeChat only, Alipay listed as not supported yet), a settlement request
// (POST /api/user/profit, at least 10 yuan and no more than is withdrawable) and its settlement records.
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Form, Grid, Input, InputNumber, Select, Spin, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { BALANCE_ACCOUNT_MAX, BALANCE_PLATFORMS, BALANCE_USERNAME_MAX, SETTLEMENT_MIN_MONEY, SUPPORTED_BALANCE_PLATFORMS, type AgentRow } from '@contract/agents';
import { useNotify } from '../../api/NotifyProvider';
import { useStatus } from '../status/StatusProvider';
import type { AgentsApi } from './agents.api';
import { formatYuan, withdrawableMoney } from './agent-format';
import {
  accountFormOf, accountProblem, accountRequest, hasAccount, settlementProblem, settlementRequest, type AccountForm,
} from './agent-forms';
import { SettlementRecords } from './SettlementRecords';

const full = { width: '100%' };

export function AgentInfoTab({ api }: { api: AgentsApi }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { status } = useStatus();
  /** undefined while loading, null when the account has no agent row (or the load failed). */
  const [agent, setAgent] = useState<AgentRow | null | undefined>(undefined);
  const [account, setAccount] = useState<AccountForm>(() => accountFormOf(null));
  const [accountError, setAccountError] = useState<string | null>(null);
  const [savingAccount, setSavingAccount] = useState(false);
  const [amount, setAmount] = useState<number | undefined>(undefined);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // a new object reloads the records from page 1 (after a request)
  const [recordsKey, setRecordsKey] = useState({});

  const load = useCallback(async (resetAccount: boolean) => {
    try {
      const answer = await api.self();
      const row = answer?.items?.[0] ?? null;
      setAgent(row);
      if (resetAccount) setAccount(accountFormOf(row));
    } catch {
      setAgent((a) => a ?? null); // the client showed why
    }
  }, [api]);
  useEffect(() => {
    void load(true);
  }, [load]);

  const withdrawable = agent ? withdrawableMoney(agent.share_profit_quota, status) : 0;
  const setAccountField = (patch: Partial<AccountForm>) => {
    setAccountError(null);
    setAccount((f) => ({ ...f, ...patch }));
  };

  const saveAccount = async () => {
    const problem = accountProblem(account);
    setAccountError(problem);
    if (problem) return notify.error(t(problem));
    setSavingAccount(true);
    try {
      await api.saveAccount(accountRequest(account));
      notify.success(t('agents.account.saved'));
      await load(true);
    } catch {
      // the client showed the server's message
    } finally {
      setSavingAccount(false);
    }
  };

  const apply = async () => {
    const problem = settlementProblem(amount, withdrawable, hasAccount(agent ?? null));
    setAmountError(problem);
    if (problem) return notify.error(t(problem, { min: SETTLEMENT_MIN_MONEY, available: formatYuan(withdrawable) }));
    setApplying(true);
    try {
      await api.applySettlement(settlementRequest(amount as number));
      notify.success(t('agents.settle.applied'));
      setAmount(undefined);
      setRecordsKey({});
    } catch {
      // the client showed the server's message
    } finally {
      setApplying(false);
      await load(false);
    }
  };

  if (agent === undefined) return <Spin className="gc-page-spin" />;
  if (agent === null) return <Empty description={t('agents.info.noAgent')} />;

  const error = (current: string | null, ...keys: string[]) =>
    current && keys.includes(current) ? { validateStatus: 'error' as const, help: t(current, { min: SETTLEMENT_MIN_MONEY, available: formatYuan(withdrawable) }) } : {};
  const counters: Array<[string, string | number, string]> = [
    ['agents.info.userNum', agent.user_num, 'agent-user-num'],
    ['agents.info.orderNum', agent.order_num, 'agent-order-num'],
    ['agents.info.orderMoney', formatYuan(agent.order_money), 'agent-order-money'],
    ['agents.info.shareProfit', formatYuan(agent.share_profit), 'agent-share-profit'],
    ['agents.info.withdrawable', formatYuan(withdrawable), 'agent-withdrawable'],
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card size="small" title={t('agents.info.title')} bordered extra={agent.domain ? <Typography.Text type="secondary">{agent.domain}</Typography.Text> : undefined}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 16 }}>
          {counters.map(([label, value, id]) => (
            <div key={id}>
              <div className="gc-muted" style={{ fontSize: 13 }}>
                {t(label)}
              </div>
              <div data-testid={id} style={{ fontSize: 22, fontWeight: 600, color: 'var(--color-text-1)', whiteSpace: 'nowrap' }}>
                {value}
              </div>
            </div>
          ))}
        </div>
      </Card>
      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} lg={12}>
          <Card size="small" title={t('agents.account.title')} bordered style={{ height: '100%' }}>
            <Form layout="vertical" onSubmit={() => void saveAccount()}>
              <Form.Item label={t('agents.account.platform')} required {...error(accountError, 'agents.account.platformUnsupported')}>
                <Select
                  value={account.balance_platform}
                  onChange={(balance_platform: string) => setAccountField({ balance_platform })}
                  data-testid="agent-platform"
                  options={BALANCE_PLATFORMS.map((p) => {
                    const supported = (SUPPORTED_BALANCE_PLATFORMS as readonly string[]).includes(p);
                    return {
                      value: p,
                      disabled: !supported,
                      label: supported ? t(`agents.platform.${p}`) : t('agents.account.notSupported', { platform: t(`agents.platform.${p}`) }),
                    };
                  })}
                />
              </Form.Item>
              <Form.Item label={t('agents.account.account')} required {...error(accountError, 'agents.account.accountRequired', 'agents.account.accountTooLong')}>
                <Input
                  value={account.balance_account}
                  maxLength={BALANCE_ACCOUNT_MAX}
                  onChange={(balance_account) => setAccountField({ balance_account })}
                  placeholder={t('agents.account.accountPlaceholder')}
                />
              </Form.Item>
              <Form.Item label={t('agents.account.name')} required {...error(accountError, 'agents.account.nameRequired', 'agents.account.nameTooLong')}>
                <Input
                  value={account.balance_username}
                  maxLength={BALANCE_USERNAME_MAX}
                  onChange={(balance_username) => setAccountField({ balance_username })}
                  placeholder={t('agents.account.namePlaceholder')}
                />
              </Form.Item>
              <div>
                <Button type="primary" htmlType="submit" loading={savingAccount} data-testid="agent-account-save">
                  {t('agents.account.save')}
                </Button>
              </div>
            </Form>
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <Card size="small" title={t('agents.settle.title')} bordered style={{ height: '100%' }}>
            <Form layout="vertical" onSubmit={() => void apply()}>
              <Form.Item label={t('agents.settle.withdrawable')}>
                <Typography.Text bold data-testid="agent-settle-withdrawable">
                  {formatYuan(withdrawable)}
                </Typography.Text>
              </Form.Item>
              <Form.Item
                label={t('agents.settle.amount')}
                required
                extra={hasAccount(agent) ? t('agents.settle.hint', { min: SETTLEMENT_MIN_MONEY }) : t('agents.settle.accountMissing')}
                {...error(amountError, 'agents.settle.belowMin', 'agents.settle.amountRequired', 'agents.settle.aboveWithdrawable')}
              >
                <InputNumber
                  value={amount}
                  min={0}
                  precision={2}
                  prefix="¥"
                  onChange={(v) => {
                    setAmountError(null);
                    setAmount(typeof v === 'number' ? v : undefined);
                  }}
                  placeholder={t('agents.settle.amountPlaceholder', { min: SETTLEMENT_MIN_MONEY })}
                  style={full}
                  suffix={
                    <Button size="mini" type="text" onClick={() => setAmount(withdrawable)} disabled={withdrawable <= 0} data-testid="agent-settle-all">
                      {t('agents.settle.all')}
                    </Button>
                  }
                />
              </Form.Item>
              <div>
                <Button type="primary" htmlType="submit" loading={applying} data-testid="agent-settle-submit">
                  {t('agents.settle.submit')}
                </Button>
              </div>
            </Form>
          </Card>
        </Grid.Col>
      </Grid.Row>
      <Card size="small" title={t('agents.records.title')} bordered>
        <SettlementRecords api={api} admin={false} reloadKey={recordsKey} />
      </Card>
    </div>
  );
}

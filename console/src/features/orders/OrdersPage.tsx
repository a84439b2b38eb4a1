// /orders (spec 3 "Orders page"): ?tab=ordersInfo (order records, default), Invoices (the application, see
// showApplyTab), InvoiceTables (invoice records). Admins read everyone's orders and requests.
import { useMemo } from 'react';
import { Card, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { roleName } from '@contract/roles';
import { useApi } from '../../api/ApiProvider';
import { readString } from '../../api/storage';
import { useUser } from '../auth/UserProvider';
import { useStatus } from '../status/StatusProvider';
import { ordersApi } from './orders.api';
import { showApplyTab } from './order-format';
import { OrderRecordsTab } from './OrderRecordsTab';
import { InvoiceApplyTab } from './InvoiceApplyTab';
import { InvoiceRecordsTab } from './InvoiceRecordsTab';

/** The spec's local-storage flag for the application tab. */
export const WORK_INFO_KEY = 'work_info';

export function OrdersPage() {
  const { t } = useTranslation();
  const client = useApi();
  const { user } = useUser();
  const { status } = useStatus();
  const viewer = roleName(user?.role ?? 0);
  const admin = viewer === 'admin';
  const api = useMemo(() => ordersApi(client, admin), [client, admin]);
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'ordersInfo', title: t('orders.tab.orders'), body: <OrderRecordsTab api={api} viewer={viewer} /> },
    ...(showApplyTab(readString(WORK_INFO_KEY), status)
      ? [{ key: 'Invoices', title: t('orders.tab.apply'), body: <InvoiceApplyTab api={api} /> }]
      : []),
    { key: 'InvoiceTables', title: t('orders.tab.invoices'), body: <InvoiceRecordsTab api={api} viewer={viewer} /> },
  ];
  const wanted = params.get('tab');
  const active = tabs.find((tab) => tab.key === wanted)?.key ?? 'ordersInfo';
  return (
    <Card title={t('orders.title')}>
      <Tabs activeTab={active} onChange={(key) => setParams({ tab: key }, { replace: true })} lazyload destroyOnHide>
        {tabs.map(({ key, title, body }) => (
          <Tabs.TabPane key={key} title={title}>
            {body}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </Card>
  );
}
